// The cuBLAS start-up of matmul.h in a build without CUDA.
#include "compute/core/no_cuda.h"
#include "compute/kernels/matmul.h"

namespace whygpu::kernels {

Status prepare_cublas() { return built_without_cuda(); }

}  // namespace whygpu::kernels
