// The hand-written rung at the top of the GPU ladder: register-blocked 2D tiling.
//
// A block tile of BM x BN outputs (128 x 128, k step 16, by default) is computed by
// (BM/TM) x (BN/TN) threads, each holding a TM x TN (8 x 8) patch of C in registers.
// For every step of k a thread reads TM values of A and TN of B from shared memory and
// does TM * TN fused multiply-adds: 64 FMAs per 16 floats read, where the shared-tile
// kernel did 1 FMA per 2. Further:
//   - A's tile is stored transposed (k-major) in shared memory, so both fragments are
//     read as float4 (16-byte) loads, and every global load is a float4 too;
//   - a thread's 8 rows (and columns) are two groups of 4, half a tile apart, so the
//     float4 reads of a warp touch consecutive addresses: no bank conflicts;
//   - the next k-tile is fetched from global memory into registers while the current
//     one is multiplied (double-buffered shared memory, one barrier per tile);
//   - edges (any m, n, k) are bounds-checked loads that read zeros past the matrix and
//     checked stores; when k or n is not a multiple of 4 the float4 paths are replaced by
//     scalar ones (kVec4 = false), since rows would not be 16-byte aligned.
#include <cstdint>

#include "compute/core/cuda_check.h"
#include "compute/kernels/matmul_shapes.h"
#include "compute/kernels/sgemm_epilogue.cuh"

namespace whygpu::kernels {
namespace {

// Compile-time shape of one kernel: block tile BM x BN, k step BK, thread tile TM x TN;
// a warp's 32 threads form WR rows x (32 / WR) columns of the thread grid; kMinBlocks is
// the occupancy asked of the compiler (it caps registers at 64K / (threads * kMinBlocks)).
template <int BM_, int BN_, int BK_, int TM_, int TN_, int WR_, int kMinBlocks_>
struct Shape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, TM = TM_, TN = TN_, WR = WR_;
  static constexpr int kMinBlocks = kMinBlocks_;
  static constexpr int kThreads = (BM / TM) * (BN / TN);
};

template <class S, bool kVec4>
__global__ void __launch_bounds__(S::kThreads, S::kMinBlocks)
    sgemm_register_tiled_kernel(int m, int n, int k, const float* __restrict__ a,
                                const float* __restrict__ b, float* __restrict__ c) {
  constexpr int BM = S::BM, BN = S::BN, BK = S::BK, TM = S::TM, TN = S::TN;
  constexpr int kThreadRows = BM / TM;
  constexpr int kThreadCols = BN / TN;
  constexpr int kThreads = kThreadRows * kThreadCols;
  constexpr int kWarpRows = S::WR;              // thread rows per warp
  constexpr int kWarpCols = 32 / kWarpRows;     // thread columns per warp
  constexpr int kWarpsPerRow = kThreadCols / kWarpCols;
  static_assert(kThreadCols % kWarpCols == 0 && kThreadRows % kWarpRows == 0,
                "warps must tile the thread grid");
  constexpr int kAStride = BM + 4;  // padding spreads the transposing stores over banks
  constexpr int kAQuadsPerRow = BK / 4;
  constexpr int kBQuadsPerRow = BN / 4;
  constexpr int kALoads = BM * BK / 4 / kThreads;
  constexpr int kBLoads = BK * BN / 4 / kThreads;
  static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 4 == 0, "tiles are made of float4s");
  static_assert(kALoads * kThreads * 4 == BM * BK, "threads must share A's tile evenly");
  static_assert(kBLoads * kThreads * 4 == BK * BN, "threads must share B's tile evenly");

  __shared__ __align__(16) float a_tile[2][BK][kAStride];
  __shared__ __align__(16) float b_tile[2][BK][BN];

  const int tid = static_cast<int>(threadIdx.x);
  // Position in the thread grid: each warp covers kWarpRows x kWarpCols threads, so its
  // fragment reads touch kWarpRows float4s of A and kWarpCols float4s of B.
  const int warp = tid / 32, lane = tid % 32;
  const int ty = (warp / kWarpsPerRow) * kWarpRows + lane / kWarpCols;
  const int tx = (warp % kWarpsPerRow) * kWarpCols + lane % kWarpCols;
  const int block_row = static_cast<int>(blockIdx.y) * BM;
  const int block_col = static_cast<int>(blockIdx.x) * BN;

  float4 a_stage[kALoads];
  float4 b_stage[kBLoads];

  auto load_tiles = [&](int k0) {
#pragma unroll
    for (int l = 0; l < kALoads; ++l) {
      const int q = tid + l * kThreads;
      const int row = block_row + q / kAQuadsPerRow;
      const int kk = k0 + (q % kAQuadsPerRow) * 4;
      const float* src = a + static_cast<std::size_t>(row) * k + kk;
      if (kVec4) {
        a_stage[l] = (row < m && kk < k) ? *reinterpret_cast<const float4*>(src)
                                         : make_float4(0.f, 0.f, 0.f, 0.f);
      } else {
        const bool r_ok = row < m;
        a_stage[l].x = (r_ok && kk + 0 < k) ? src[0] : 0.f;
        a_stage[l].y = (r_ok && kk + 1 < k) ? src[1] : 0.f;
        a_stage[l].z = (r_ok && kk + 2 < k) ? src[2] : 0.f;
        a_stage[l].w = (r_ok && kk + 3 < k) ? src[3] : 0.f;
      }
    }
#pragma unroll
    for (int l = 0; l < kBLoads; ++l) {
      const int q = tid + l * kThreads;
      const int kk = k0 + q / kBQuadsPerRow;
      const int col = block_col + (q % kBQuadsPerRow) * 4;
      const float* src = b + static_cast<std::size_t>(kk) * n + col;
      if (kVec4) {
        b_stage[l] = (kk < k && col < n) ? *reinterpret_cast<const float4*>(src)
                                         : make_float4(0.f, 0.f, 0.f, 0.f);
      } else {
        const bool k_ok = kk < k;
        b_stage[l].x = (k_ok && col + 0 < n) ? src[0] : 0.f;
        b_stage[l].y = (k_ok && col + 1 < n) ? src[1] : 0.f;
        b_stage[l].z = (k_ok && col + 2 < n) ? src[2] : 0.f;
        b_stage[l].w = (k_ok && col + 3 < n) ? src[3] : 0.f;
      }
    }
  };

  auto store_tiles = [&](int buf) {
#pragma unroll
    for (int l = 0; l < kALoads; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / kAQuadsPerRow;
      const int kq = (q % kAQuadsPerRow) * 4;
      a_tile[buf][kq + 0][r] = a_stage[l].x;
      a_tile[buf][kq + 1][r] = a_stage[l].y;
      a_tile[buf][kq + 2][r] = a_stage[l].z;
      a_tile[buf][kq + 3][r] = a_stage[l].w;
    }
#pragma unroll
    for (int l = 0; l < kBLoads; ++l) {
      const int q = tid + l * kThreads;
      *reinterpret_cast<float4*>(&b_tile[buf][q / kBQuadsPerRow][(q % kBQuadsPerRow) * 4]) =
          b_stage[l];
    }
  };

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

  load_tiles(0);
  store_tiles(0);
  __syncthreads();

  const int tiles = (k + BK - 1) / BK;
  for (int t = 0; t < tiles; ++t) {
    const int buf = t & 1;
    const bool more = t + 1 < tiles;
    if (more) load_tiles((t + 1) * BK);  // in flight while this tile is multiplied
#pragma unroll
    for (int p = 0; p < BK; ++p) {
      // Fragments: TM values of A's column p and TN of B's row p, as float4 reads.
      float af[TM], bf[TN];
#pragma unroll
      for (int g = 0; g < TM / 4; ++g) {
        const float4 v =
            *reinterpret_cast<const float4*>(&a_tile[buf][p][g * 4 * kThreadRows + ty * 4]);
        af[g * 4 + 0] = v.x;
        af[g * 4 + 1] = v.y;
        af[g * 4 + 2] = v.z;
        af[g * 4 + 3] = v.w;
      }
#pragma unroll
      for (int g = 0; g < TN / 4; ++g) {
        const float4 v =
            *reinterpret_cast<const float4*>(&b_tile[buf][p][g * 4 * kThreadCols + tx * 4]);
        bf[g * 4 + 0] = v.x;
        bf[g * 4 + 1] = v.y;
        bf[g * 4 + 2] = v.z;
        bf[g * 4 + 3] = v.w;
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(af[i], bf[j], acc[i][j]);
    }
    if (more) store_tiles(buf ^ 1);  // the other buffer: nobody reads it this iteration
    __syncthreads();
  }

  store_thread_tile<TM, TN, kThreadRows, kThreadCols>(acc, c, m, n, block_row, block_col, ty, tx,
                                                      kVec4 ? TileStore::Vec4 : TileStore::Scalar);
}

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

template <class S>
Status launch_shape(const GemmOperands& op) {
  constexpr int kThreads = S::kThreads;
  const dim3 grid((op.n + S::BN - 1) / S::BN, (op.m + S::BM - 1) / S::BM);
  if (grid.y > 65535u)
    return Status::error(Wording::sentence(N_("matmul: {0} blocks in y exceed the GPU's grid limit of 65535"),
                                           {std::to_string(grid.y)}));
  const bool vec4 = op.k % 4 == 0 && op.n % 4 == 0 && aligned16(op.a) && aligned16(op.b) &&
                    aligned16(op.c);
  if (vec4) {
    sgemm_register_tiled_kernel<S, true>
        <<<grid, kThreads>>>(op.m, op.n, op.k, op.a, op.b, op.c);
  } else {
    sgemm_register_tiled_kernel<S, false>
        <<<grid, kThreads>>>(op.m, op.n, op.k, op.a, op.b, op.c);
  }
  WHYGPU_CUDA_TRY_LAUNCH("sgemm_register_tiled_kernel");
  return Status::ok();
}

}  // namespace

// Names: block tile / thread tile / warp rows / occupancy (blocks per SM).
std::vector<KernelShape> register_tiled_shapes() {
  return {
      {"128x128x8/8x8/w2/2", &launch_shape<Shape<128, 128, 8, 8, 8, 2, 2>>},
      {"128x128x16/8x8/w4/2", &launch_shape<Shape<128, 128, 16, 8, 8, 4, 2>>},
      {"64x128x8/8x8/w4/4", &launch_shape<Shape<64, 128, 8, 8, 8, 4, 4>>},
  };
}

Status launch_sgemm_scalar_fallback(const GemmOperands& op) {
  return launch_shape<Shape<128, 128, 16, 8, 8, 4, 2>>(op);
}

}  // namespace whygpu::kernels
