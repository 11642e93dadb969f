// The Tensor Core rungs' operands (half_operands.h) in a build without CUDA.
#include "compute/core/no_cuda.h"
#include "compute/kernels/half_operands.h"

namespace whygpu::kernels {

Status prepare_half_gemm(MatmulVariant, const GemmOperands&, HalfGemm*) { return built_without_cuda(); }

bool wgmma_code_present() { return false; }

}  // namespace whygpu::kernels
