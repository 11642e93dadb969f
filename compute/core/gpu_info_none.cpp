#include "compute/core/gpu_info.h"

namespace whygpu {

const GpuInfo& gpu_info() {
  static const GpuInfo info = [] {
    GpuInfo i;
    i.unavailable_reason = "this build of whygpu has no CUDA support (no nvcc when it was built)";
    return i;
  }();
  return info;
}

Status create_gpu_context() { return Status::error(gpu_info().unavailable_reason); }

bool built_with_cuda() { return false; }

}  // namespace whygpu
