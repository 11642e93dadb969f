// A build without CUDA: no GPU, and the reason says why.
#include "compute/core/gpu_info.h"
#include "compute/core/no_cuda.h"

namespace whygpu {

const GpuInfo& gpu_info() {
  static const GpuInfo info = [] {
    GpuInfo i;
    i.unavailable_reason = built_without_cuda().wording();
    return i;
  }();
  return info;
}

Status create_gpu_context() { return built_without_cuda(); }

bool built_with_cuda() { return false; }

}  // namespace whygpu
