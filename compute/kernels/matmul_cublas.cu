// The library rungs: cuBLAS in FP32, and on the Tensor Cores with TF32, FP16 and BF16
// inputs (FP32 accumulation and output in all four).
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <mutex>
#include <string>

#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_check.h"
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {
namespace {

// One handle for the process, on the default stream, created on first use (or by
// prepare_cublas), used under a mutex because a handle must not be shared by two threads
// at once. Never destroyed: cuBLAS must not outlive the CUDA runtime's teardown at exit.
std::mutex& handle_mutex() {
  static std::mutex mutex;
  return mutex;
}

Status shared_handle(const CublasHandle** out) {
  static CublasHandle* const handle = new CublasHandle;
  static const Status created = handle->create(nullptr, 0);
  if (!created)
    return Status::error(Wording::sentence(N_("{0}: the cuBLAS rungs are off"), {created.wording()}));
  *out = handle;
  return Status::ok();
}

__global__ void to_half_kernel(const float* __restrict__ src, __half* __restrict__ dst,
                               std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    dst[i] = __float2half_rn(src[i]);
}

__global__ void to_bf16_kernel(const float* __restrict__ src, __nv_bfloat16* __restrict__ dst,
                               std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    dst[i] = __float2bfloat16_rn(src[i]);
}

}  // namespace

LowPrecision low_precision_inputs(MatmulVariant variant) {
  const std::string_view precision = matmul_variant_info(variant).precision;
  if (precision == "fp16") return LowPrecision::Fp16;
  if (precision == "bf16") return LowPrecision::Bf16;
  return LowPrecision::None;
}

Status convert_on_gpu(LowPrecision precision, const float* src, void* dst, std::size_t n) {
  const unsigned grid = 1024;
  if (precision == LowPrecision::Fp16) {
    to_half_kernel<<<grid, 256>>>(src, static_cast<__half*>(dst), n);
    WHYGPU_CUDA_TRY_LAUNCH("to_half_kernel");
  } else if (precision == LowPrecision::Bf16) {
    to_bf16_kernel<<<grid, 256>>>(src, static_cast<__nv_bfloat16*>(dst), n);
    WHYGPU_CUDA_TRY_LAUNCH("to_bf16_kernel");
  }
  return Status::ok();
}

// cuBLAS is column-major. A row-major m x n matrix is the column-major n x m transpose,
// so C = A B in row-major is C^T = B^T A^T in column-major: pass B first, then A.
Status prepare_cublas() {
  std::lock_guard<std::mutex> lock(handle_mutex());
  const CublasHandle* handle = nullptr;
  return shared_handle(&handle);
}

Status launch_cublas(MatmulVariant variant, const GemmOperands& op) {
  std::lock_guard<std::mutex> lock(handle_mutex());
  const CublasHandle* handle = nullptr;
  if (Status s = shared_handle(&handle); !s) return s;
  const float alpha = 1.0f, beta = 0.0f;
  cudaDataType_t in_type = CUDA_R_32F;
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  const void* a = op.a;
  const void* b = op.b;
  switch (variant) {
    case MatmulVariant::CublasFp32:
      break;
    case MatmulVariant::CublasTf32:
      compute = CUBLAS_COMPUTE_32F_FAST_TF32;
      break;
    case MatmulVariant::CublasFp16:
      in_type = CUDA_R_16F;
      a = op.a_low;
      b = op.b_low;
      break;
    case MatmulVariant::CublasBf16:
      in_type = CUDA_R_16BF;
      a = op.a_low;
      b = op.b_low;
      break;
    default:
      return Status::error(Wording::sentence(N_("not a cuBLAS variant")));
  }
  if (!a || !b)
    return Status::error(Wording::sentence(N_("cuBLAS: the reduced-precision inputs were not prepared")));
  return cublas_status(handle->library().gemm_ex(handle->get(), CUBLAS_OP_N, CUBLAS_OP_N, op.n, op.m, op.k, &alpha,
                                                 b, in_type, op.n, a, in_type, op.k, &beta, op.c, CUDA_R_32F,
                                                 op.n, compute, CUBLAS_GEMM_DEFAULT),
                       "cublasGemmEx");
}

}  // namespace whygpu::kernels
