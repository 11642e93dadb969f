// The first Tensor Core rung: nvcuda::wmma, FP16 or BF16 inputs, FP32 sums.
//
// The structure of gpu-tiled (tiles of A and B in shared memory, a barrier, multiply,
// a barrier), with the multiply done by Tensor Cores: each warp owns a WTM x WTN piece of
// the block's BM x BN output as a grid of 16 x 16 accumulator fragments, and for each 16
// values of k loads one 16 x 16 fragment of A per row of that grid and one of B per column
// and issues one wmma::mma_sync per pair: 4096 multiply-adds in a warp instruction where
// the FP32 kernels need 128 FMA instructions. Rows of the shared tiles are padded by 16
// bytes so the 8 rows a fragment load reads at once fall in different banks. Global loads
// are 16-byte chunks (rows are 16-byte aligned: see half_operands.h), zero past the edges;
// the output goes through a small shared scratch per warp so that the edges can be checked
// element by element.
#include <mma.h>

#include <type_traits>

#include "compute/core/cuda_check.h"
#include "compute/kernels/half_operands.h"
#include "compute/kernels/matmul_shapes.h"
#include "compute/kernels/tc_device.cuh"
#include "compute/kernels/tile_layout.h"

namespace whygpu::kernels {
namespace {

// The shape constants are unused in the compiler passes for GPUs that lack this kernel's
// instructions (its body is compiled out there): no "declared but never referenced".
#pragma nv_diag_suppress 177

template <int BM_, int BN_, int BK_, int WARPS_M_, int WARPS_N_, int kMinBlocks_>
struct WmmaShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_;
  static constexpr int kMinBlocks = kMinBlocks_;
  static constexpr int kThreads = WARPS_M * WARPS_N * 32;
  static constexpr int kSkew = 8;  // 16 bytes of padding per row of a shared tile
  static constexpr int kALd = BK + kSkew, kBLd = BN + kSkew;
  static constexpr int kTileBytes = 2 * (BM * kALd + BK * kBLd);
  static constexpr int kScratchBytes = WARPS_M * WARPS_N * 16 * 16 * 4;
  static constexpr int kSharedBytes = kTileBytes > kScratchBytes ? kTileBytes : kScratchBytes;
};

template <class T, class S>
__device__ __forceinline__ void wmma_body(int m, int n, int k, const T* __restrict__ a, int lda,
                                          const T* __restrict__ b, int ldb, float* __restrict__ c,
                                          unsigned char* shared) {
  using namespace nvcuda;
  constexpr int BM = S::BM, BN = S::BN, BK = S::BK, kThreads = S::kThreads;
  constexpr int WTM = BM / S::WARPS_M, WTN = BN / S::WARPS_N;
  constexpr int FM = WTM / 16, FN = WTN / 16;
  constexpr int kALoads = BM * BK / 8 / kThreads, kBLoads = BK * BN / 8 / kThreads;
  static_assert(kALoads * kThreads * 8 == BM * BK && kBLoads * kThreads * 8 == BK * BN,
                "threads must share the tiles evenly");
  T* a_tile = reinterpret_cast<T*>(shared);    // BM x kALd
  T* b_tile = a_tile + BM * S::kALd;           // BK x kBLd

  const int tid = static_cast<int>(threadIdx.x), warp = tid / 32, lane = tid % 32;
  const int warp_row = (warp / S::WARPS_N) * WTM, warp_col = (warp % S::WARPS_N) * WTN;
  const int block_row = static_cast<int>(blockIdx.y) * BM;
  const int block_col = static_cast<int>(blockIdx.x) * BN;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[FM][FN];
#pragma unroll
  for (int i = 0; i < FM; ++i)
#pragma unroll
    for (int j = 0; j < FN; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < k; k0 += BK) {
#pragma unroll
    for (int l = 0; l < kALoads; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / (BK / 8), col = (q % (BK / 8)) * 8;
      const int row = block_row + r;
      uint4 v = make_uint4(0, 0, 0, 0);
      if (chunk_in_matrix(row, k0 + col, m, k))
        v = *reinterpret_cast<const uint4*>(a + static_cast<std::size_t>(row) * lda + k0 + col);
      *reinterpret_cast<uint4*>(a_tile + r * S::kALd + col) = v;
    }
#pragma unroll
    for (int l = 0; l < kBLoads; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / (BN / 8), col = (q % (BN / 8)) * 8;
      uint4 v = make_uint4(0, 0, 0, 0);
      if (chunk_in_matrix(k0 + r, block_col + col, k, n))
        v = *reinterpret_cast<const uint4*>(b + static_cast<std::size_t>(k0 + r) * ldb + block_col + col);
      *reinterpret_cast<uint4*>(b_tile + r * S::kBLd + col) = v;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa[FM];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::row_major> fb[FN];
#pragma unroll
      for (int i = 0; i < FM; ++i)
        wmma::load_matrix_sync(fa[i], a_tile + (warp_row + i * 16) * S::kALd + kk, S::kALd);
#pragma unroll
      for (int j = 0; j < FN; ++j)
        wmma::load_matrix_sync(fb[j], b_tile + kk * S::kBLd + warp_col + j * 16, S::kBLd);
#pragma unroll
      for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j) wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
    }
    __syncthreads();
  }

  // Each fragment goes to this warp's 16 x 16 scratch, then to C with checked stores.
  float* scratch = reinterpret_cast<float*>(shared) + warp * 256;
#pragma unroll
  for (int i = 0; i < FM; ++i) {
#pragma unroll
    for (int j = 0; j < FN; ++j) {
      wmma::store_matrix_sync(scratch, acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      for (int e = lane; e < 256; e += 32) {
        const int row = block_row + warp_row + i * 16 + e / 16;
        const int col = block_col + warp_col + j * 16 + e % 16;
        if (row < m && col < n) c[static_cast<std::size_t>(row) * n + col] = scratch[e];
      }
      __syncwarp();
    }
  }
}

template <class T, class S>
__global__ void __launch_bounds__(S::kThreads, S::kMinBlocks)
    hgemm_wmma_kernel(int m, int n, int k, const T* __restrict__ a, int lda,
                      const T* __restrict__ b, int ldb, float* __restrict__ c) {
  __shared__ __align__(128) unsigned char shared[S::kSharedBytes];
#if __CUDA_ARCH__ >= 800
  wmma_body<T, S>(m, n, k, a, lda, b, ldb, c, shared);
#elif __CUDA_ARCH__ >= 700
  // BF16 fragments exist from sm_80; the host refuses BF16 on older GPUs.
  if constexpr (std::is_same_v<T, __half>) wmma_body<T, S>(m, n, k, a, lda, b, ldb, c, shared);
#endif
}

template <class T, class S>
Status launch_wmma(const GemmOperands& op) {
  constexpr MatmulVariant variant =
      std::is_same_v<T, __half> ? MatmulVariant::GpuTcWmmaFp16 : MatmulVariant::GpuTcWmmaBf16;
  HalfGemm h;
  if (Status s = prepare_half_gemm(variant, op, &h); !s) return s;
  const dim3 grid(ceil_div(h.n, S::BN), ceil_div(h.m, S::BM));
  if (grid.y > 65535u)
    return Status::error(Wording::sentence(N_("matmul: {0} blocks in y exceed the GPU's grid limit of 65535"),
                                           {std::to_string(grid.y)}));
  hgemm_wmma_kernel<T, S><<<grid, S::kThreads>>>(h.m, h.n, h.k, static_cast<const T*>(h.a), h.lda,
                                                 static_cast<const T*>(h.b), h.ldb, h.c);
  WHYGPU_CUDA_TRY_LAUNCH("hgemm_wmma_kernel");
  return Status::ok();
}

template <class T>
std::vector<KernelShape> shapes_of() {
  // Names: block tile x k step / warps (rows x columns).
  return {
      {"128x128x32/w2x4", &launch_wmma<T, WmmaShape<128, 128, 32, 2, 4, 2>>},
      {"128x128x32/w4x2", &launch_wmma<T, WmmaShape<128, 128, 32, 4, 2, 2>>},
      {"64x64x32/w2x2", &launch_wmma<T, WmmaShape<64, 64, 32, 2, 2, 4>>},
  };
}

}  // namespace

std::vector<KernelShape> wmma_shapes(LowPrecision precision) {
  return precision == LowPrecision::Fp16 ? shapes_of<__half>() : shapes_of<__nv_bfloat16>();
}

}  // namespace whygpu::kernels
