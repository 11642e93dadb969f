// A build without CUDA has no NVRTC to compile with.
#include "compute/core/no_cuda.h"
#include "compute/kernel_lab/compiler.h"

namespace whygpu::kernel_lab {

Status compile_kernel(const std::string&, int, int, CompiledKernel* out) {
  *out = CompiledKernel{};
  return built_without_cuda();
}

}  // namespace whygpu::kernel_lab
