#include "compute/vitals/sampler.h"

#include <gtest/gtest.h>

#include <cmath>

#include "compute/vitals/ring_buffer.h"

namespace whygpu::vitals {
namespace {

VitalsSample at(double time, double power, double counter = kNotReported, double cpu = kNotReported) {
  VitalsSample s;
  s.time_s = time;
  s.gpu.power_w = power;
  s.gpu.energy_counter_j = counter;
  s.cpu_energy_j = cpu;
  return s;
}

TEST(RingBuffer, KeepsTheNewestValuesOldestFirst) {
  RingBuffer<int> ring(3);
  EXPECT_TRUE(ring.empty());
  ring.push(1);
  ring.push(2);
  EXPECT_EQ(ring.to_vector(), (std::vector<int>{1, 2}));
  ring.push(3);
  ring.push(4);
  ring.push(5);
  EXPECT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.to_vector(), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(ring[0], 3);
  EXPECT_EQ(ring.newest(), 5);
}

TEST(Energy, PowerIsIntegratedByTheTrapezoidRule) {
  // 100 W for a second, then a ramp to 300 W over the next: 100 + 200 = 300 J.
  const std::vector<VitalsSample> s = {at(0.0, 100.0), at(1.0, 100.0), at(2.0, 300.0)};
  const EnergyReading e = gpu_energy_from_samples(s, 0.0, 2.0);
  ASSERT_TRUE(e.available()) << e.method;
  EXPECT_NEAR(e.joules, 300.0, 1e-9);
  EXPECT_EQ(e.method, "integrated from power samples");
  // Part of the ramp, interpolated at both ends: 150 W to 250 W over half a second.
  EXPECT_NEAR(gpu_energy_from_samples(s, 1.25, 1.75).joules, 100.0, 1e-9);
}

TEST(Energy, TheDriversCounterWinsWhereItExists) {
  // The counter saw a burst the 1-second power samples missed.
  const std::vector<VitalsSample> s = {at(0.0, 100.0, 5000.0), at(1.0, 100.0, 5180.0), at(2.0, 100.0, 5290.0)};
  const EnergyReading e = gpu_energy_from_samples(s, 0.0, 2.0);
  EXPECT_NEAR(e.joules, 290.0, 1e-9);
  EXPECT_EQ(e.method, "NVML's energy counter");
  EXPECT_NEAR(gpu_energy_from_samples(s, 0.5, 1.5).joules, 145.0, 1e-9);
}

TEST(Energy, AGapInTheCounterFallsBackToPower) {
  const std::vector<VitalsSample> s = {at(0.0, 50.0, 5000.0), at(1.0, 50.0), at(2.0, 50.0, 5100.0)};
  const EnergyReading e = gpu_energy_from_samples(s, 0.0, 2.0);
  EXPECT_NEAR(e.joules, 100.0, 1e-9);
  EXPECT_EQ(e.method, "integrated from power samples");
}

TEST(Energy, UncoveredOrEmptyIntervalsAreUnavailableWithAReason) {
  const std::vector<VitalsSample> s = {at(1.0, 100.0), at(2.0, 100.0)};
  EnergyReading e = gpu_energy_from_samples(s, 0.5, 2.0);
  EXPECT_FALSE(e.available());
  EXPECT_NE(e.method.find("do not cover"), std::string::npos) << e.method;
  e = gpu_energy_from_samples(s, 1.5, 1.5);
  EXPECT_FALSE(e.available());
  EXPECT_NE(e.method.find("empty interval"), std::string::npos) << e.method;
  e = gpu_energy_from_samples({at(1.0, 100.0)}, 1.0, 1.0 + 1e-9);
  EXPECT_FALSE(e.available());
  e = gpu_energy_from_samples({at(0.0, kNotReported), at(1.0, kNotReported)}, 0.0, 1.0);
  EXPECT_FALSE(e.available());
  EXPECT_NE(e.method.find("neither energy nor power"), std::string::npos) << e.method;
}

TEST(Energy, CpuEnergyIsTheDifferenceOfTheCumulativeJoules) {
  const std::vector<VitalsSample> s = {at(0.0, 0.0, kNotReported, 0.0), at(1.0, 0.0, kNotReported, 40.0),
                                       at(2.0, 0.0, kNotReported, 100.0)};
  const EnergyReading e = cpu_energy_from_samples(s, 0.5, 2.0);
  EXPECT_NEAR(e.joules, 80.0, 1e-9);
  EXPECT_EQ(e.method, "RAPL package counters");
  const std::vector<VitalsSample> none = {at(0.0, 0.0), at(1.0, 0.0)};
  EXPECT_FALSE(cpu_energy_from_samples(none, 0.0, 1.0).available());
}

TEST(Nvml, WithoutTheDriverTheMessageNamesTheLibrary) {
  Nvml nvml;
  const Status s = Nvml::open(&nvml);
  if (s) {
    EXPECT_GT(nvml.device_count(), 0);  // a machine with the driver: NVML must see a GPU
    return;
  }
  EXPECT_NE(s.message().find("libnvidia-ml.so.1"), std::string::npos) << s.message();
  std::unique_ptr<VitalsSampler> sampler;
  const Status started = VitalsSampler::start({}, &sampler);
  ASSERT_FALSE(started);
  EXPECT_EQ(sampler, nullptr);
  EXPECT_NE(started.message().find("NVML"), std::string::npos) << started.message();
}

TEST(Nvml, AnUnopenedLibraryRefusesReads) {
  Nvml nvml;
  GpuVitals v;
  const Status s = nvml.read(0, &v);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("NVML is not open"), std::string::npos) << s.message();
  EXPECT_TRUE(std::isnan(v.power_w));
}

}  // namespace
}  // namespace whygpu::vitals
