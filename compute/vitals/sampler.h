#pragma once
// Samples a GPU's vital signs (nvml.h) and the CPU's energy counters (rapl.h) a few times
// a second on a thread of its own, keeping the last few minutes in a ring buffer for live
// plots and for energy over an interval ("joules per epoch").
//
//   std::unique_ptr<VitalsSampler> sampler;
//   if (Status s = VitalsSampler::start({}, &sampler); !s) show(s.message());  // "no NVML: ..."
//   const double t0 = sampler->now_s();  ... train an epoch ...
//   EnergyReading gpu = sampler->gpu_energy(t0, sampler->now_s());
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "compute/core/translation_marker.h"
#include "compute/vitals/nvml.h"
#include "compute/vitals/rapl.h"
#include "compute/vitals/ring_buffer.h"

namespace whygpu::vitals {

struct VitalsSample {
  double time_s = 0.0;  // on the sampler's clock (seconds since it started)
  GpuVitals gpu;
  double cpu_energy_j = kNotReported;  // CPU packages since the sampler started (RAPL)
  double cpu_power_w = kNotReported;   // over the interval since the previous sample
};

struct SamplerOptions {
  int gpu_index = 0;  // NVML's numbering (nvidia-smi's)
  std::chrono::milliseconds interval{250};
  std::size_t capacity = 4 * 60 * 10;  // ten minutes at four a second
  std::string powercap_root = kPowercapRoot;
};

// How an energy was measured. A recording keeps the English (its "gpu_method"); marked
// N_() so that a page shows tr(method), a reason why there is none passing through as it is.
inline constexpr const char* kNvmlEnergyCounter = N_("NVML's energy counter");
inline constexpr const char* kIntegratedFromPower = N_("integrated from power samples");
inline constexpr const char* kRaplPackageCounters = N_("RAPL package counters");

struct EnergyReading {
  double joules = kNotReported;
  // One of the methods above, or why there is none.
  std::string method;
  bool available() const { return joules == joules; }
};

class VitalsSampler {
 public:
  // Opens NVML (an error without it: the GPU's vitals are what this is for) and RAPL (its
  // absence is only noted: cpu_energy_unavailable()), takes a first sample and starts the thread.
  static Status start(const SamplerOptions& options, std::unique_ptr<VitalsSampler>* out);
  ~VitalsSampler();  // stops and joins the thread

  const std::string& gpu_name() const { return gpu_name_; }
  const std::string& driver_version() const { return driver_version_; }
  // Empty when the CPU's energy is read; else why not ("... can be read only by root").
  const std::string& cpu_energy_unavailable() const { return cpu_unavailable_; }

  double now_s() const;
  std::vector<VitalsSample> samples() const;  // oldest first
  std::optional<VitalsSample> latest() const;
  // The last read that failed (the GPU fell off the bus...), empty while all is well.
  std::string last_error() const;
  // Blocks until a sample newer than `time_s` exists or `timeout` passes; false on timeout.
  bool wait_for_sample_after(double time_s, std::chrono::milliseconds timeout) const;

  // Energy between two times on the sampler's clock, from the samples held.
  EnergyReading gpu_energy(double from_s, double to_s) const;
  EnergyReading cpu_energy(double from_s, double to_s) const;

 private:
  explicit VitalsSampler(const SamplerOptions& options);
  void take_sample();
  void loop();

  SamplerOptions options_;
  Nvml nvml_;
  std::optional<CpuEnergyCounter> cpu_;
  std::string gpu_name_, driver_version_, cpu_unavailable_;
  std::chrono::steady_clock::time_point start_;

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  RingBuffer<VitalsSample> ring_;
  std::string last_error_;
  bool stopping_ = false;
  std::thread thread_;
};

// Energy from samples, for the sampler and its tests. With NVML's counter in every sample
// that spans [from_s, to_s] the counter's difference (interpolated to the two times);
// otherwise the trapezoid rule over the power readings, which misses what happens between
// samples. Reports which; not available when the samples do not cover the interval.
EnergyReading gpu_energy_from_samples(const std::vector<VitalsSample>& samples, double from_s, double to_s);
// The same from the CPU's cumulative RAPL joules.
EnergyReading cpu_energy_from_samples(const std::vector<VitalsSample>& samples, double from_s, double to_s);

}  // namespace whygpu::vitals
