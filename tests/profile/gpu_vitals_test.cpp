// NVML on a machine with an NVIDIA GPU: readings in plausible ranges, the sampler's
// rhythm and its energy. (Agreement with nvidia-smi is checked by tests/device/profile_run.sh,
// which runs both side by side.)
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "compute/vitals/sampler.h"
#include "tests/gpu_test_support.h"

namespace whygpu::vitals {
namespace {

TEST(GpuVitals, OneReadingIsPlausible) {
  WHYGPU_REQUIRE_GPU();
  Nvml nvml;
  const Status s = Nvml::open(&nvml);
  ASSERT_TRUE(s) << "a CUDA GPU but no NVML: " << s.message();
  std::string name;
  ASSERT_TRUE(nvml.device_name(0, &name));
  EXPECT_FALSE(name.empty());
  GpuVitals v;
  ASSERT_TRUE(nvml.read(0, &v));
  EXPECT_GT(v.power_w, 5.0);
  EXPECT_LT(v.power_w, 1500.0);
  EXPECT_GT(v.sm_clock_mhz, 100.0);
  EXPECT_LT(v.sm_clock_mhz, 4000.0);
  EXPECT_GT(v.memory_clock_mhz, 100.0);
  EXPECT_GE(v.gpu_utilization_percent, 0.0);
  EXPECT_LE(v.gpu_utilization_percent, 100.0);
  EXPECT_GT(v.temperature_c, 5.0);
  EXPECT_LT(v.temperature_c, 110.0);
  EXPECT_GT(v.memory_used_mib, 0.0);
  // The same card's memory as the CUDA runtime sees it; the two totals differ by what the
  // driver keeps for itself, a few percent at most.
  const double cuda_total_mib = static_cast<double>(gpu_info().total_memory_bytes) / (1024.0 * 1024.0);
  EXPECT_NEAR(v.memory_total_mib, cuda_total_mib, 0.04 * cuda_total_mib);
  std::printf("[          ] %s: %.1f W, SM %.0f MHz, memory %.0f MHz, %.0f%%, %.0f / %.0f MiB, %.0f C, energy counter %s\n",
              name.c_str(), v.power_w, v.sm_clock_mhz, v.memory_clock_mhz, v.gpu_utilization_percent, v.memory_used_mib,
              v.memory_total_mib, v.temperature_c, std::isnan(v.energy_counter_j) ? "not reported" : "reported");
}

TEST(GpuVitals, TheSamplerKeepsTimeAndGivesEnergy) {
  WHYGPU_REQUIRE_GPU();
  SamplerOptions options;
  options.interval = std::chrono::milliseconds(100);
  options.capacity = 8;
  std::unique_ptr<VitalsSampler> sampler;
  const Status s = VitalsSampler::start(options, &sampler);
  ASSERT_TRUE(s) << s.message();
  std::this_thread::sleep_for(std::chrono::milliseconds(1250));
  const std::vector<VitalsSample> samples = sampler->samples();
  ASSERT_EQ(samples.size(), 8u);  // 13 taken, the ring keeps 8
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const double step = samples[i].time_s - samples[i - 1].time_s;
    EXPECT_NEAR(step, 0.1, 0.05) << "sample " << i;
  }
  EXPECT_TRUE(sampler->last_error().empty()) << sampler->last_error();
  const EnergyReading e = sampler->gpu_energy(samples.front().time_s, samples.back().time_s);
  ASSERT_TRUE(e.available()) << e.method;
  const double seconds = samples.back().time_s - samples.front().time_s;
  EXPECT_GT(e.joules / seconds, 5.0) << e.method;    // a mean power a GPU can draw
  EXPECT_LT(e.joules / seconds, 1500.0) << e.method;
  std::printf("[          ] %.2f s: %.1f J (%s); CPU: %s\n", seconds, e.joules, e.method.c_str(),
              sampler->cpu_energy_unavailable().empty() ? "RAPL readable" : sampler->cpu_energy_unavailable().c_str());
}

}  // namespace
}  // namespace whygpu::vitals
