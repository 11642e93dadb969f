// The blocked sgemm for AVX2 + FMA (compiled with -mavx2 -mfma): 8-float vectors, a
// 6 x 16 tile in 12 of the 16 ymm registers.
#define WHYGPU_GEMM_LANES 8
#define WHYGPU_GEMM_MR 6
#define WHYGPU_GEMM_TILE sgemm_tile_avx2
#include "compute/kernels/cpu_gemm_kernel.inc"
