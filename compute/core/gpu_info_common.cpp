#include "compute/core/gpu_info.h"

namespace whygpu {

double GpuInfo::peak_memory_bandwidth_gbs() const {
  return 2.0 * memory_clock_khz * 1e3 * (memory_bus_width_bits / 8.0) / 1e9;
}

std::string GpuInfo::compute_capability() const {
  return std::to_string(compute_major) + "." + std::to_string(compute_minor);
}

Status require_gpu() {
  const GpuInfo& info = gpu_info();
  if (info.available) return Status::ok();
  return Status::error(Wording::sentence(N_("no CUDA device: {0}"), {info.unavailable_reason}));
}

std::string cuda_version_string(int version) {
  if (version <= 0) return "none";
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

}  // namespace whygpu
