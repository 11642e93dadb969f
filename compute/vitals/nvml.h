#pragma once
// A GPU's vital signs through NVML, the driver's management library that nvidia-smi and
// nvtop read: power draw, SM and memory clocks, utilisation, memory used, temperature and
// the energy counter. libnvidia-ml.so.1 comes with the NVIDIA driver, not the toolkit, and
// is opened at run time (as nvtop does), so whygpu starts without it; without it, or
// without an NVIDIA GPU, Nvml::open says so.
#include <limits>
#include <memory>
#include <string>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"

namespace whygpu::vitals {

inline constexpr double kNotReported = std::numeric_limits<double>::quiet_NaN();

// One reading. A value the GPU or driver does not report stays NaN (kNotReported).
struct GpuVitals {
  double power_w = kNotReported;            // board power; NVML averages it over 1 s on Ampere and newer
  double sm_clock_mhz = kNotReported;
  double memory_clock_mhz = kNotReported;
  double gpu_utilization_percent = kNotReported;  // share of the last sample period a kernel ran
  double memory_used_mib = kNotReported;    // as nvidia-smi counts it (without the driver's reserve when NVML can say)
  double memory_total_mib = kNotReported;
  double temperature_c = kNotReported;
  double energy_counter_j = kNotReported;   // NVML's total energy since the driver loaded (Volta and newer)
};

class Nvml {
 public:
  Nvml();
  Nvml(Nvml&& other) noexcept;
  Nvml& operator=(Nvml&& other) noexcept;
  Nvml(const Nvml&) = delete;
  Nvml& operator=(const Nvml&) = delete;
  ~Nvml();  // nvmlShutdown (NVML counts its users)

  // Loads libnvidia-ml.so.1 and initialises NVML; errors say what is missing.
  static Status open(Nvml* out);

  int device_count() const { return device_count_; }
  const std::string& driver_version() const { return driver_version_; }
  // "NVIDIA H100 80GB HBM3"
  Status device_name(int index, std::string* out) const;
  // Errors only when the device cannot be reached at all; fields it does not report stay NaN.
  Status read(int index, GpuVitals* out) const;

 private:
  struct Functions;
  Status device(int index, void** handle) const;
  SharedLibrary library_;
  std::unique_ptr<Functions> functions_;
  int device_count_ = 0;
  std::string driver_version_;
  bool initialised_ = false;
};

}  // namespace whygpu::vitals
