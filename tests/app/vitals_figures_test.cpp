// What the vitals strip and panel say and plot, on hand-made readings.
#include <gtest/gtest.h>

#include <cmath>

#include "app/vitals/vitals_figures.h"

namespace whygpu::app::vitals_view {
namespace {

using vitals::kNotReported;

vitals::GpuVitals h100_under_load() {
  vitals::GpuVitals v;
  v.power_w = 695.4;
  v.sm_clock_mhz = 1980;
  v.memory_clock_mhz = 2619;
  v.gpu_utilization_percent = 100;
  v.memory_used_mib = 1295;
  v.memory_total_mib = 81559;
  v.temperature_c = 61;
  return v;
}

TEST(VitalsFigures, TheStripSaysEveryReportedValueAndLeavesOutTheRest) {
  EXPECT_EQ(strip_text(h100_under_load()), "695 W  SM 1980 MHz  mem 2619 MHz  100% busy  1.3 / 79.6 GiB  61 \u00b0C");
  vitals::GpuVitals partial;
  partial.sm_clock_mhz = 1410;
  partial.memory_used_mib = 100;  // without the total, memory is left out
  EXPECT_EQ(strip_text(partial), "SM 1410 MHz");
  EXPECT_EQ(strip_text(vitals::GpuVitals{}), "");
}

TEST(VitalsFigures, LinesSkipValuesNotReportedAndShowMemoryInGib) {
  std::vector<vitals::VitalsSample> samples(3);
  for (int i = 0; i < 3; ++i) {
    samples[i].time_s = i;
    samples[i].gpu = h100_under_load();
    samples[i].gpu.memory_used_mib = 1024.0 * (i + 1);
  }
  samples[1].gpu.power_w = kNotReported;
  const std::vector<Line> power = quantity_lines(samples, Quantity::Power);
  ASSERT_EQ(power.size(), 1u);  // no CPU power: no second line
  EXPECT_EQ(power[0].x, (std::vector<double>{0, 2}));
  const std::vector<Line> clocks = quantity_lines(samples, Quantity::Clocks);
  ASSERT_EQ(clocks.size(), 2u);
  EXPECT_EQ(clocks[1].label, "memory clock");
  const std::vector<Line> memory = quantity_lines(samples, Quantity::Memory);
  ASSERT_EQ(memory.size(), 1u);
  EXPECT_EQ(memory[0].y, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(quantity_from_key("temperature"), Quantity::Temperature);
  EXPECT_EQ(quantity_from_key("nonsense"), Quantity::Power);
  EXPECT_EQ(quantity_axis(Quantity::Power), "watts");
}

TEST(VitalsFigures, ImagesPerJouleComparedWhenBothSidesHaveTheirEnergy) {
  vitals::VitalsTrace trace;
  vitals::TracePhase gpu;
  gpu.name = "cnn-gpu";
  gpu.begin_s = 1.0;
  gpu.end_s = 5.0;
  gpu.images = 1200000;
  gpu.gpu.joules = 1000.0;
  gpu.gpu.method = "NVML's energy counter";
  vitals::TracePhase cpu = gpu;
  cpu.name = "cnn-cpu";
  cpu.images = 20000;
  cpu.cpu.joules = 400.0;
  cpu.gpu = {};
  trace.phases = {gpu, cpu};
  const EnergySide g = side_from_trace(trace, "cnn-gpu"), c = side_from_trace(trace, "cnn-cpu");
  EXPECT_TRUE(g.source.faded());
  EXPECT_DOUBLE_EQ(g.images_per_joule(), 1200.0);
  EXPECT_DOUBLE_EQ(g.watts(), 250.0);
  EXPECT_DOUBLE_EQ(c.images_per_joule(), 50.0);
  EXPECT_EQ(comparison_sentence(g, c), "The GPU trained 1,200 images per joule, the CPU 50: 24 times as many per joule.");

  // The CPU's counters unreadable: what is known, and why the rest is not.
  trace.phases[1].cpu = {};
  trace.phases[1].cpu.method = "energy_uj can be read only by root";
  const EnergySide unknown = side_from_trace(trace, "cnn-cpu");
  EXPECT_TRUE(unknown.measured());
  EXPECT_TRUE(std::isnan(unknown.images_per_joule()));
  EXPECT_EQ(comparison_sentence(g, unknown),
            "The GPU trained 1,200 images per joule. The CPU's energy is unavailable: energy_uj can be read only by root.");
  // A recording without the phase measured nothing.
  EXPECT_FALSE(side_from_trace(vitals::VitalsTrace{}, "cnn-gpu").measured());
}

}  // namespace
}  // namespace whygpu::app::vitals_view
