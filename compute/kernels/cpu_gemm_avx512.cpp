// The blocked sgemm for AVX-512 (compiled with -mavx512f -mfma): 16-float vectors, a
// 12 x 32 tile in 24 of the 32 zmm registers.
#define WHYGPU_GEMM_LANES 16
#define WHYGPU_GEMM_MR 12
#define WHYGPU_GEMM_TILE sgemm_tile_avx512
#include "compute/kernels/cpu_gemm_kernel.inc"
