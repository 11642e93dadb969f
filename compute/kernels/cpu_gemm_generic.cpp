// The blocked sgemm for any x86-64 (SSE2) or other CPU: 4-float vectors, 6 x 8 tile.
#define WHYGPU_GEMM_LANES 4
#define WHYGPU_GEMM_MR 6
#define WHYGPU_GEMM_TILE sgemm_tile_generic
#include "compute/kernels/cpu_gemm_kernel.inc"
