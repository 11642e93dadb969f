// The recorded-vitals format: a round trip keeps every value (NaN as null), damaged files
// name their problem, and the recording shipped for the panel reads; and an energy run
// of the CNN on the CPU counts its images and reads a fake RAPL counter.
#include "compute/vitals/vitals_trace.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "compute/vitals/energy_run.h"
#include "tests/cnn/synthetic_data.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::vitals {
namespace {

VitalsTrace small_trace() {
  VitalsTrace t;
  t.run.date_utc = "2026-11-24T02:42:36Z";
  t.run.gpu_available = true;
  t.run.gpu_name = "NVIDIA H100 80GB HBM3";
  t.gpu_name = "NVIDIA H100 80GB HBM3";
  t.nvidia_driver = "580.159.04";
  t.interval_ms = 100;
  t.cpu_energy_unavailable = "no powercap";
  for (int i = 0; i < 3; ++i) {
    VitalsSample s;
    s.time_s = 0.1 * i;
    s.gpu.power_w = 120.5 + i;
    s.gpu.sm_clock_mhz = 1980;
    s.gpu.memory_clock_mhz = 2619;
    s.gpu.gpu_utilization_percent = 50 * i;
    s.gpu.memory_used_mib = 545;
    s.gpu.memory_total_mib = 81559;
    s.gpu.temperature_c = 41;
    s.gpu.energy_counter_j = 1000.0 + 12.25 * i;
    t.samples.push_back(s);  // CPU columns stay NaN: not reported
  }
  TracePhase p;
  p.name = "cnn-gpu";
  p.description = "MNIST CNN training on the GPU, batch 64";
  p.begin_s = 0.05;
  p.end_s = 0.2;
  p.trainer = "GPU: test";
  p.images = 6400;
  p.gpu.joules = 18.5;
  p.gpu.method = "NVML's energy counter";
  p.cpu.method = "no powercap";
  t.phases.push_back(p);
  return t;
}

TEST(VitalsTrace, ARoundTripKeepsEveryValue) {
  const VitalsTrace t = small_trace();
  VitalsTrace back;
  ASSERT_TRUE(bench::parse_recording(bench::recording_text(kVitalsRecording, t), kVitalsRecording, &back));
  EXPECT_EQ(back.gpu_name, t.gpu_name);
  EXPECT_EQ(back.nvidia_driver, "580.159.04");
  EXPECT_EQ(back.interval_ms, 100);
  EXPECT_EQ(back.cpu_energy_unavailable, "no powercap");
  ASSERT_EQ(back.samples.size(), 3u);
  EXPECT_DOUBLE_EQ(back.samples[2].time_s, 0.2);
  EXPECT_DOUBLE_EQ(back.samples[1].gpu.power_w, 121.5);
  EXPECT_DOUBLE_EQ(back.samples[2].gpu.energy_counter_j, 1024.5);
  EXPECT_DOUBLE_EQ(back.samples[2].gpu.gpu_utilization_percent, 100);
  EXPECT_TRUE(std::isnan(back.samples[0].cpu_energy_j));
  EXPECT_TRUE(std::isnan(back.samples[0].cpu_power_w));
  ASSERT_EQ(back.phases.size(), 1u);
  const TracePhase* p = back.find_phase("cnn-gpu");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->images, 6400);
  EXPECT_DOUBLE_EQ(p->gpu.joules, 18.5);
  EXPECT_EQ(p->gpu.method, "NVML's energy counter");
  EXPECT_FALSE(p->cpu.available());
  EXPECT_EQ(p->cpu.method, "no powercap");
  EXPECT_EQ(back.find_phase("cnn-cpu"), nullptr);
  EXPECT_EQ(back.named_run().recorded_label(),
            "recorded on NVIDIA H100 80GB HBM3 (driver 580.159.04) on 2026-11-24, not on this computer");
}

TEST(VitalsTrace, DamagedFilesSayWhatIsWrong) {
  VitalsTrace t;
  const Status not_ours = bench::parse_recording(R"({"format": "whygpu-timeline"})", kVitalsRecording, &t);
  EXPECT_NE(not_ours.message().find("not a whygpu vitals recording"), std::string::npos) << not_ours.message();
  bench::Json doc;
  ASSERT_TRUE(bench::parse_json(bench::recording_text(kVitalsRecording, small_trace()), &doc));
  bench::Json newer = doc;
  newer["format_version"] = 7;
  const Status refused = bench::read_recording(newer, kVitalsRecording, &t);
  EXPECT_NE(refused.message().find("version 7"), std::string::npos) << refused.message();
  // One sample with a value missing.
  doc["samples"][1].erase(1);
  const Status short_row = bench::read_recording(doc, kVitalsRecording, &t);
  EXPECT_EQ(short_row.message(), "field 'samples[1]': 10 values, expected 11");
  EXPECT_FALSE(load_trace("/nonexistent/vitals.json", &t));
}

TEST(VitalsTrace, TheRecordingShippedForThePanelReads) {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  ASSERT_NE(source, nullptr) << "ctest sets WHYGPU_SOURCE_DIR";
  VitalsTrace t;
  const Status s = load_trace(std::string(source) + "/assets/reference/vitals/h100-vitals.json", &t);
  ASSERT_TRUE(s) << s.message();
  EXPECT_NE(t.named_run().recorded_label().find("NVIDIA H100"), std::string::npos);
  ASSERT_GT(t.samples.size(), 10u);
  for (const VitalsSample& sample : t.samples) {
    EXPECT_GT(sample.gpu.power_w, 0.0);
    EXPECT_GT(sample.gpu.sm_clock_mhz, 0.0);
  }
  EXPECT_FALSE(t.phases.empty());
}

TEST(EnergyRun, TheCpuTrainsForTheTimeAskedAndReadsItsCounter) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  // A fake powercap tree whose package counter never moves: 0 J over the run.
  std::filesystem::create_directories(dir.file("intel-rapl:0"));
  std::ofstream(dir.file("intel-rapl:0/name")) << "package-0\n";
  std::ofstream(dir.file("intel-rapl:0/energy_uj")) << "5000\n";
  std::ofstream(dir.file("intel-rapl:0/max_energy_range_uj")) << "262143328850\n";
  const cnn::Dataset data = cnn::testing::noise_dataset(256, 3);

  EnergyRunOptions o;
  o.backend = cnn::Backend::kCpu;
  o.seconds = 0.3;
  o.batch = 16;
  o.cpu_threads = 2;
  o.powercap_root = dir.path();
  EnergyRun run;
  const Status s = run_cnn_energy(data, o, nullptr, &run);
  ASSERT_TRUE(s) << s.message();
  EXPECT_GE(run.seconds, 0.3);
  EXPECT_GT(run.steps, 0);
  EXPECT_EQ(run.images, run.steps * 16);
  EXPECT_EQ(run.trainer.rfind("CPU", 0), 0u) << run.trainer;
  ASSERT_TRUE(run.cpu.available()) << run.cpu.method;
  EXPECT_DOUBLE_EQ(run.cpu.joules, 0.0);
  EXPECT_EQ(run.cpu.method, "RAPL package counters");
  // This machine's NVML, if any, is not asserted on; without it the GPU reading says why.
  if (!run.gpu.available()) {
    EXPECT_FALSE(run.gpu.method.empty());
  }
  // A cancel before the start trains nothing past the warm-up.
  std::atomic<bool> cancel{true};
  EnergyRun cancelled;
  ASSERT_TRUE(run_cnn_energy(data, o, &cancel, &cancelled));
  EXPECT_EQ(cancelled.steps, 0);
}

}  // namespace
}  // namespace whygpu::vitals
