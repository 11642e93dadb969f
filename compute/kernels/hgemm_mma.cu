// The second Tensor Core rung: mma.sync fed the way fast Ampere kernels feed it (BF16
// inputs, FP32 sums; sm_80 and newer).
//
// What the WMMA rung leaves on the table, and how this kernel takes it:
//   - loads wait for memory: tiles travel with cp.async into a ring of STAGES shared
//     buffers, issued STAGES - 1 tiles ahead, so copies of later tiles run during the
//     arithmetic on the current one (no registers, no instructions to store them);
//   - fragments cost instructions: ldmatrix gives a warp four 8 x 8 tiles of A (or,
//     transposing on the way, of B) in one instruction, already in mma.sync's register
//     layout;
//   - shared memory bank conflicts: tiles are stored with the XOR swizzle of
//     tile_layout.h instead of padding, so every ldmatrix phase and every 16-byte copy
//     touches 8 distinct bank groups;
//   - each warp computes a WTM x WTN piece with mma.sync.m16n8k16 (2048 multiply-adds per
//     instruction), keeping (WTM/16) x (WTN/8) accumulator tiles in registers.
// Edges: chunks past the matrix are zero-filled by cp.async; output stores are checked.
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

template <int BM_, int BN_, int BK_, int WARPS_M_, int WARPS_N_, int STAGES_, int kMinBlocks_>
struct MmaShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_;
  static constexpr int STAGES = STAGES_, kMinBlocks = kMinBlocks_;
  static constexpr int kThreads = WARPS_M * WARPS_N * 32;
  static constexpr int WTM = BM / WARPS_M, WTN = BN / WARPS_N;
  static constexpr int MI = WTM / 16, NI = WTN / 8;  // mma tiles per warp
  static constexpr int kAChunks = BK / 8, kBChunks = BN / 8;  // 16-byte chunks per row
  static constexpr int kStageElems = BM * BK + BK * BN;
  static constexpr int kSharedBytes = 2 * kStageElems * STAGES;
};

template <class S>
__global__ void __launch_bounds__(S::kThreads, S::kMinBlocks)
    hgemm_mma_kernel(int m, int n, int k, const __nv_bfloat16* __restrict__ a, int lda,
                     const __nv_bfloat16* __restrict__ b, int ldb, float* __restrict__ c) {
#if __CUDA_ARCH__ >= 800
  constexpr int BM = S::BM, BN = S::BN, BK = S::BK, MI = S::MI, NI = S::NI;
  constexpr int kThreads = S::kThreads;
  constexpr int kALoads = BM * S::kAChunks / kThreads, kBLoads = BK * S::kBChunks / kThreads;
  static_assert(kALoads * kThreads == BM * S::kAChunks && kBLoads * kThreads == BK * S::kBChunks,
                "threads must share the tiles evenly");
  static_assert(BK % 16 == 0 && S::WTM % 16 == 0 && S::WTN % 16 == 0, "whole mma tiles");

  extern __shared__ __align__(128) unsigned char shared[];
  auto a_stage = [&](int s) {
    return reinterpret_cast<__nv_bfloat16*>(shared) + s * S::kStageElems;
  };
  auto b_stage = [&](int s) { return a_stage(s) + BM * BK; };

  const int tid = static_cast<int>(threadIdx.x), warp = tid / 32, lane = tid % 32;
  const int warp_row = (warp / S::WARPS_N) * S::WTM, warp_col = (warp % S::WARPS_N) * S::WTN;
  const int block_row = static_cast<int>(blockIdx.y) * BM;
  const int block_col = static_cast<int>(blockIdx.x) * BN;

  auto load_tile = [&](int s, int k0) {
    __nv_bfloat16* as = a_stage(s);
    __nv_bfloat16* bs = b_stage(s);
#pragma unroll
    for (int l = 0; l < kALoads; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / S::kAChunks, ch = q % S::kAChunks;
      const int row = block_row + r, col = k0 + ch * 8;
      const bool valid = chunk_in_matrix(row, col, m, k);
      tc::cp_async_16(as + r * BK + swizzle_chunk(r, ch, S::kAChunks) * 8,
                      valid ? a + static_cast<std::size_t>(row) * lda + col : a, valid);
    }
#pragma unroll
    for (int l = 0; l < kBLoads; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / S::kBChunks, ch = q % S::kBChunks;
      const int kk = k0 + r, col = block_col + ch * 8;
      const bool valid = chunk_in_matrix(kk, col, k, n);
      tc::cp_async_16(bs + r * BN + swizzle_chunk(r, ch, S::kBChunks) * 8,
                      valid ? b + static_cast<std::size_t>(kk) * ldb + col : b, valid);
    }
  };

  float acc[MI][NI][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.f;

  const int tiles = ceil_div(k, BK);
#pragma unroll
  for (int s = 0; s < S::STAGES - 1; ++s) {
    if (s < tiles) load_tile(s, s * BK);
    tc::cp_async_commit();
  }

  for (int t = 0; t < tiles; ++t) {
    tc::cp_async_wait<S::STAGES - 2>();
    __syncthreads();  // tile t is in for everyone; slot (t - 1) % STAGES is free
    const int next = t + S::STAGES - 1;
    if (next < tiles) load_tile(next % S::STAGES, next * BK);
    tc::cp_async_commit();

    const __nv_bfloat16* as = a_stage(t % S::STAGES);
    const __nv_bfloat16* bs = b_stage(t % S::STAGES);
#pragma unroll
    for (int ks = 0; ks < BK / 16; ++ks) {
      // Lanes 0-15 address rows 0-15 of the 16 x 16 piece at its first 8 columns, lanes
      // 16-31 the same rows at the next 8: tiles (rows 0-7 | 8-15) x (k 0-7 | 8-15).
      unsigned af[MI][4];
#pragma unroll
      for (int i = 0; i < MI; ++i) {
        const int r = warp_row + i * 16 + lane % 16, ch = ks * 2 + lane / 16;
        tc::ldmatrix_x4(af[i], as + r * BK + swizzle_chunk(r, ch, S::kAChunks) * 8);
      }
      // B: lanes address k rows (k 0-15) at columns (n 0-7 | 8-15), transposed: registers
      // 0 and 1 are the two halves of n-tile 2j, 2 and 3 those of n-tile 2j + 1.
      unsigned bfrag[NI][2];
#pragma unroll
      for (int j = 0; j < NI / 2; ++j) {
        const int r = ks * 16 + lane % 16, ch = (warp_col + j * 16) / 8 + lane / 16;
        unsigned t4[4];
        tc::ldmatrix_x4_trans(t4, bs + r * BN + swizzle_chunk(r, ch, S::kBChunks) * 8);
        bfrag[2 * j][0] = t4[0];
        bfrag[2 * j][1] = t4[1];
        bfrag[2 * j + 1][0] = t4[2];
        bfrag[2 * j + 1][1] = t4[3];
      }
#pragma unroll
      for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j) tc::mma_bf16_16x8x16(acc[i][j], af[i], bfrag[j][0], bfrag[j][1]);
    }
  }
  tc::cp_async_wait<0>();

  // Accumulator layout of m16n8: lane holds rows lane/4 and lane/4 + 8, columns
  // 2 (lane%4) and 2 (lane%4) + 1.
  const int g = lane / 4, t2 = (lane % 4) * 2;
#pragma unroll
  for (int i = 0; i < MI; ++i) {
#pragma unroll
    for (int j = 0; j < NI; ++j) {
      const int row = block_row + warp_row + i * 16 + g;
      const int col = block_col + warp_col + j * 8 + t2;
      tc::store_pair(c, m, n, row, col, acc[i][j][0], acc[i][j][1]);
      tc::store_pair(c, m, n, row + 8, col, acc[i][j][2], acc[i][j][3]);
    }
  }
#endif
}

template <class S>
Status launch_mma(const GemmOperands& op) {
  HalfGemm h;
  if (Status s = prepare_half_gemm(MatmulVariant::GpuTcMmaBf16, op, &h); !s) return s;
  const dim3 grid(ceil_div(h.n, S::BN), ceil_div(h.m, S::BM));
  if (grid.y > 65535u)
    return Status::error(Wording::sentence(N_("matmul: {0} blocks in y exceed the GPU's grid limit of 65535"),
                                           {std::to_string(grid.y)}));
  static const cudaError_t raised = cudaFuncSetAttribute(
      hgemm_mma_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, S::kSharedBytes);
  WHYGPU_CUDA_TRY_NAMED(raised, "cudaFuncSetAttribute(hgemm_mma_kernel)");
  hgemm_mma_kernel<S><<<grid, S::kThreads, S::kSharedBytes>>>(
      h.m, h.n, h.k, static_cast<const __nv_bfloat16*>(h.a), h.lda,
      static_cast<const __nv_bfloat16*>(h.b), h.ldb, h.c);
  WHYGPU_CUDA_TRY_LAUNCH("hgemm_mma_kernel");
  return Status::ok();
}

}  // namespace

// Names: block tile x k step / warps (rows x columns) / pipeline stages.
std::vector<KernelShape> mma_shapes() {
  return {
      {"128x128x32/w2x2/s4", &launch_mma<MmaShape<128, 128, 32, 2, 2, 4, 2>>},
      {"128x128x32/w2x4/s4", &launch_mma<MmaShape<128, 128, 32, 2, 4, 4, 2>>},
      {"128x256x32/w2x4/s3", &launch_mma<MmaShape<128, 256, 32, 2, 4, 3, 1>>},
      {"128x128x64/w2x2/s3", &launch_mma<MmaShape<128, 128, 64, 2, 2, 3, 2>>},
      {"64x128x32/w2x2/s4", &launch_mma<MmaShape<64, 128, 32, 2, 2, 4, 4>>},
  };
}

}  // namespace whygpu::kernels
