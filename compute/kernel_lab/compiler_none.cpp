#include "compute/kernel_lab/compiler.h"

namespace whygpu::kernel_lab {

Status compile_kernel(const std::string&, int, int, CompiledKernel* out) {
  *out = CompiledKernel{};
  return Status::error("this build of whygpu has no CUDA support, so it has no CUDA compiler (NVRTC)");
}

}  // namespace whygpu::kernel_lab
