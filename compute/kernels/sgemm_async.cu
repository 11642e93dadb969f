// The register-blocked SGEMM fed by a cp.async pipeline that also transposes A: the FP32
// rung's shapes for sm_80 and newer.
//
// Each thread keeps a TM x TN (8 x 8 or 8 x 16) patch of C in registers, as in
// sgemm_register_tiled.cu, and reads its fragments as float4s from a transposed (k-major)
// copy of A's tile and a row of B's tile. What changes:
//   - tiles reach shared memory through cp.async: no registers stage them and STAGES tiles
//     are in flight, so global latency hides behind several tiles of arithmetic;
//   - A's tile is transposed by the copies themselves: 4-byte cp.async, a warp taking
//     8 values along k of 4 rows (four full 32-byte sectors), each written to its
//     transposed place; with rows of BM + 4 floats those 32 writes hit 32 different banks;
//   - the registers the staging no longer needs hold a second set of fragments: those
//     of step p + 1 are read from shared memory while step p's TM * TN FMAs run, across
//     tile boundaries too (the wait and barrier for tile t + 1 come before the last step
//     of tile t);
//   - shapes differ in tile, k step, stages, warp layout, unrolling and whether a tile's
//     copies go out at once or spread over the k steps: `whygpu bench matmul --tune`
//     compares them, auto_tile_shape.cpp picks per size from those measurements;
//   - B's tile comes in 16-byte copies, or 4-byte ones when rows of B are not 16-byte
//     aligned (n not a multiple of 4), so odd sizes such as 3001 keep the fast path;
//   - split-k (gridDim.z > 1): each z slice sums one range of k and adds its partial
//     product into C (zeroed first, in the timed work) with atomics. At n = 1000 a 128 x
//     128 tiling gives 64 blocks for 132 SMs; four slices give 256.
// Needs sm_80 (cp.async); on Turing the register-tiled shapes remain.
#include <cstdint>

#include "compute/core/cuda_check.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/matmul_shapes.h"
#include "compute/kernels/sgemm_epilogue.cuh"
#include "compute/kernels/tc_device.cuh"
#include "compute/kernels/tile_layout.h"

namespace whygpu::kernels {
namespace {

// The shape constants are unused in the compiler passes for GPUs that lack this kernel's
// instructions (its body is compiled out there): no "declared but never referenced".
#pragma nv_diag_suppress 177

// TM x TN values of C per thread; a warp's 32 threads sit as kWarpRows x (32 / kWarpRows)
// in the block's thread grid; kUnroll k steps per unrolled loop body (BK: the whole tile).
// kSpread: the copies of a tile spread over the k steps of the one before (full unroll only).
template <int BM_, int BN_, int BK_, int TN_, int STAGES_, int kMinBlocks_, int kWarpRows_ = 4,
          int kUnroll_ = BK_, bool kSpread_ = false>
struct AsyncShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, TM = 8, TN = TN_, STAGES = STAGES_;
  static constexpr int kMinBlocks = kMinBlocks_, kWarpRows = kWarpRows_, kUnroll = kUnroll_;
  static constexpr bool kSpread = kSpread_;
  static constexpr int kThreadRows = BM / TM, kThreadCols = BN / TN;
  static constexpr int kThreads = kThreadRows * kThreadCols;
  static constexpr int kAStride = BM + 4;  // floats per row of the transposed A tile
  static constexpr int kStageFloats = BK * kAStride + BK * BN;
  static constexpr std::size_t kSharedBytes = sizeof(float) * kStageFloats * STAGES;
  static_assert(kUnroll % 2 == 0 && BK % kUnroll == 0,
                "fragment sets alternate by step: an even number of steps per loop body");
  static_assert(!kSpread || kUnroll == BK, "spread copies are placed at compile-time steps");
};

template <class S, bool kBVec>
__global__ void __launch_bounds__(S::kThreads, S::kMinBlocks)
    sgemm_async_kernel(int m, int n, int k, int k_per_slice, const float* __restrict__ a,
                       const float* __restrict__ b, float* __restrict__ c) {
#if __CUDA_ARCH__ >= 800
  constexpr int BM = S::BM, BN = S::BN, BK = S::BK, TM = S::TM, TN = S::TN;
  constexpr int kThreadRows = S::kThreadRows, kThreadCols = S::kThreadCols;
  constexpr int kThreads = S::kThreads, kAStride = S::kAStride;
  constexpr int kWarpRows = S::kWarpRows, kWarpCols = 32 / kWarpRows;
  constexpr int kWarpsPerRow = kThreadCols / kWarpCols;
  static_assert(kThreadCols % kWarpCols == 0 && kThreadRows % kWarpRows == 0, "warp layout");
  static_assert(BK % 8 == 0 && BM % 4 == 0, "A is copied in units of 8 k x 4 rows");
  constexpr int kAUnits = BM * BK / 32;  // units of 8 values along k x 4 rows, one per warp
  constexpr int kALoads = BM * BK / kThreads;
  constexpr int kWarpsTotal = kThreads / 32;
  constexpr int kBElems = kBVec ? 4 : 1;
  constexpr int kBLoads = BK * BN / kBElems / kThreads;
  static_assert(kALoads * kThreads == BM * BK, "threads must share A's tile evenly");
  static_assert(kBLoads * kThreads * kBElems == BK * BN, "threads must share B's tile evenly");
  static_assert(kAUnits * 32 == BM * BK && kALoads * kWarpsTotal == kAUnits,
                "A's tile is whole units, the same number per warp");

  extern __shared__ __align__(16) float shared[];
  const int tid = static_cast<int>(threadIdx.x);
  const int warp = tid / 32, lane = tid % 32;
  const int ty = (warp / kWarpsPerRow) * kWarpRows + lane / kWarpCols;
  const int tx = (warp % kWarpsPerRow) * kWarpCols + lane % kWarpCols;
  const int block_row = static_cast<int>(blockIdx.y) * BM;
  const int block_col = static_cast<int>(blockIdx.x) * BN;
  const int k_begin = static_cast<int>(blockIdx.z) * k_per_slice;
  const int k_end = min(k, k_begin + k_per_slice);

  auto a_stage = [&](int s) { return shared + s * S::kStageFloats; };
  auto b_stage = [&](int s) { return shared + s * S::kStageFloats + BK * kAStride; };

  // Each thread's copies sit at fixed columns and at rows a constant step apart, so one
  // pointer per matrix and a few offsets describe them all (few registers, no spills).
  // A: unit u = warp + l * warps covers k (u % (BK/8)) * 8 .. + 7 of 4 rows; with the
  // number of warps a multiple of BK/8, a thread's k is the same for every l.
  constexpr int kWarps = kThreads / 32;
  static_assert(kWarps % (BK / 8) == 0, "a thread's column of A must not depend on l");
  constexpr int kARowStep = 4 * kWarps / (BK / 8);
  const int a_kk = (warp % (BK / 8)) * 8 + lane % 8;
  const int a_r0 = (warp / (BK / 8)) * 4 + lane / 8;
  // B: thread q copies columns (q % kBPerRow) * kBElems.. of row q / kBPerRow.
  constexpr int kBPerRow = BN / kBElems;
  static_assert(kThreads % kBPerRow == 0, "a thread's column of B must not depend on l");
  constexpr int kBRowStep = kThreads / kBPerRow;
  const int b_c = (tid % kBPerRow) * kBElems, b_r0 = tid / kBPerRow;
  const bool b_col_ok = block_col + b_c < n;
  const float* a_base = a + static_cast<std::size_t>(block_row + a_r0) * k + a_kk;
  const float* b_base = b + static_cast<std::size_t>(b_r0) * n + block_col + b_c;

  // Copy number c (A's first, then B's) of the k-tile starting at k0 into ring slot s,
  // zeros past the edges; load_tile enqueues them all.
  constexpr int kCopies = kALoads + kBLoads;
  auto copy = [&](int s, int k0, int c) {
    if (c < kALoads) {
      const int l = c;
      const bool valid = k0 + a_kk < k_end && block_row + a_r0 + l * kARowStep < m;
      tc::cp_async_4(a_stage(s) + a_kk * kAStride + a_r0 + l * kARowStep,
                     valid ? a_base + static_cast<std::size_t>(l * kARowStep) * k + k0 : a, valid);
    } else {
      const int l = c - kALoads;
      const bool valid = b_col_ok && k0 + b_r0 + l * kBRowStep < k_end;
      const float* src = valid ? b_base + static_cast<std::size_t>(k0 + l * kBRowStep) * n : b;
      float* dst = b_stage(s) + (b_r0 + l * kBRowStep) * BN + b_c;
      if constexpr (kBVec)
        tc::cp_async_16(dst, src, valid);
      else
        tc::cp_async_4(dst, src, valid);
    }
  };
  auto load_tile = [&](int s, int k0) {
#pragma unroll
    for (int c = 0; c < kCopies; ++c) copy(s, k0, c);
  };

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

  const int tiles = ceil_div(k_end - k_begin, BK);
#pragma unroll
  for (int s = 0; s < S::STAGES - 1; ++s) {
    if (s < tiles) load_tile(s, k_begin + s * BK);
    tc::cp_async_commit();  // empty groups keep the count uniform
  }

  // Fragments: TM values of A's column p, TN of B's row p, as float4 reads (a thread's rows
  // and columns are groups of 4, 4 * kThreadRows / 4 * kThreadCols apart).
  float af[2][TM], bf[2][TN];
  auto load_fragments = [&](const float* as, const float* bs, int p, int set) {
#pragma unroll
    for (int g = 0; g < TM / 4; ++g) {
      const float4 v = *reinterpret_cast<const float4*>(as + p * kAStride + g * 4 * kThreadRows + ty * 4);
      af[set][g * 4 + 0] = v.x;
      af[set][g * 4 + 1] = v.y;
      af[set][g * 4 + 2] = v.z;
      af[set][g * 4 + 3] = v.w;
    }
#pragma unroll
    for (int g = 0; g < TN / 4; ++g) {
      const float4 v = *reinterpret_cast<const float4*>(bs + p * BN + g * 4 * kThreadCols + tx * 4);
      bf[set][g * 4 + 0] = v.x;
      bf[set][g * 4 + 1] = v.y;
      bf[set][g * 4 + 2] = v.z;
      bf[set][g * 4 + 3] = v.w;
    }
  };

  // Waits for tile t (this thread's copies, then everyone's), which also frees the slot of
  // tile t - 1 for the copies of tile t + STAGES - 1: enqueued here, or with kSpread a few
  // at each k step of tile t (spread_copies), so that the warps' copies do not all queue
  // in front of their shared-memory reads at once.
  // (4-byte copies of B, for n % 4 != 0, are four times as many: spread, their addresses
  // and predicates would stay live all tile long and spill, so those go out at once.)
  constexpr bool kSpread = S::kSpread && kBVec;
  auto next_tile = [&](int t) {
    tc::cp_async_wait<S::STAGES - 2>();
    __syncthreads();
    if constexpr (!kSpread) {
      const int ahead = t + S::STAGES - 1;
      if (ahead < tiles) load_tile(ahead % S::STAGES, k_begin + ahead * BK);
      tc::cp_async_commit();
    }
  };
  // Copy c goes out at step c (BK - 1) / kCopies of tile t, all by step BK - 2, where the
  // group is committed (one group per tile, as without kSpread).
  auto spread_copies = [&](int t, int p) {
    const int ahead = t + S::STAGES - 1;
#pragma unroll
    for (int c = 0; c < kCopies; ++c)
      if (c * (BK - 1) / kCopies == p && ahead < tiles)
        copy(ahead % S::STAGES, k_begin + ahead * BK, c);
    if (p == BK - 2) tc::cp_async_commit();
  };

  // One stream of k steps across tiles: during step p the fragments of step p + 1 are read,
  // and at the last step of a tile that means waiting for the next tile first, so the
  // barrier and the first reads of a tile overlap the last FMAs of the one before (the
  // order of CUTLASS's multistage loop).
  if (tiles > 0) {
    next_tile(0);
    load_fragments(a_stage(0), b_stage(0), 0, 0);
  }
  for (int t = 0; t < tiles; ++t) {
    const float* as = a_stage(t % S::STAGES);
    const float* bs = b_stage(t % S::STAGES);
#pragma unroll 1
    for (int p0 = 0; p0 < BK; p0 += S::kUnroll) {
#pragma unroll
      for (int q = 0; q < S::kUnroll; ++q) {
        if (q + 1 < S::kUnroll) {
          load_fragments(as, bs, p0 + q + 1, (q + 1) & 1);
        } else if (p0 + S::kUnroll < BK) {
          load_fragments(as, bs, p0 + S::kUnroll, 0);
        } else if (t + 1 < tiles) {
          next_tile(t + 1);
          load_fragments(a_stage((t + 1) % S::STAGES), b_stage((t + 1) % S::STAGES), 0, 0);
        }
        if constexpr (kSpread) spread_copies(t, q);
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
          for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(af[q & 1][i], bf[q & 1][j], acc[i][j]);
      }
    }
  }
  tc::cp_async_wait<0>();

  store_thread_tile<TM, TN, kThreadRows, kThreadCols>(
      acc, c, m, n, block_row, block_col, ty, tx,
      gridDim.z > 1 ? TileStore::AtomicAdd : kBVec ? TileStore::Vec4 : TileStore::Scalar);
#endif
}

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

template <class S, bool kBVec>
Status launch_kernel(const GemmOperands& op, dim3 grid, int k_per_slice) {
  static const cudaError_t raised = cudaFuncSetAttribute(
      sgemm_async_kernel<S, kBVec>, cudaFuncAttributeMaxDynamicSharedMemorySize,
      static_cast<int>(S::kSharedBytes));
  WHYGPU_CUDA_TRY_NAMED(raised, "cudaFuncSetAttribute(sgemm_async_kernel)");
  sgemm_async_kernel<S, kBVec><<<grid, S::kThreads, S::kSharedBytes>>>(
      op.m, op.n, op.k, k_per_slice, op.a, op.b, op.c);
  WHYGPU_CUDA_TRY_LAUNCH("sgemm_async_kernel");
  return Status::ok();
}

// kSplits slices of k (1: no split). A slice covers whole BK tiles.
template <class S, int kSplits>
Status launch_async(const GemmOperands& op) {
  if (gpu_info().compute_major < 8) return launch_sgemm_scalar_fallback(op);
  const dim3 grid_xy(ceil_div(op.n, S::BN), ceil_div(op.m, S::BM));
  if (grid_xy.y > 65535u)
    return Status::error(Wording::sentence(N_("matmul: {0} blocks in y exceed the GPU's grid limit of 65535"),
                                           {std::to_string(grid_xy.y)}));
  const int k_tiles = ceil_div(op.k, S::BK);
  const int splits = kSplits < k_tiles ? kSplits : k_tiles;
  const int k_per_slice = ceil_div(k_tiles, splits) * S::BK;
  const dim3 grid(grid_xy.x, grid_xy.y, static_cast<unsigned>(ceil_div(op.k, k_per_slice)));
  if (grid.z > 1)
    WHYGPU_CUDA_TRY(cudaMemsetAsync(op.c, 0, sizeof(float) * static_cast<std::size_t>(op.m) * op.n));
  const bool b_vec = op.n % 4 == 0 && aligned16(op.b) && aligned16(op.c);
  return b_vec ? launch_kernel<S, true>(op, grid, k_per_slice)
               : launch_kernel<S, false>(op, grid, k_per_slice);
}

}  // namespace

// Names: "async-t" (A transposed by the copies) / block tile x k step / thread tile /
// w8x4 where a warp's threads sit 8 x 4 (else 4 x 8) / stages / u<steps> where the loop body
// holds fewer k steps than the tile / spread: copies spread over the k steps / split-k
// slices. Threads per block: block tile over
// thread tile (256, or 128 for 128x128 tiles of 8x16).
std::vector<KernelShape> async_transposed_shapes() {
  return {
      {"async-t/128x128x16/8x8/s3", &launch_async<AsyncShape<128, 128, 16, 8, 3, 2>, 1>},
      {"async-t/128x128x16/8x8/s4", &launch_async<AsyncShape<128, 128, 16, 8, 4, 2>, 1>},
      {"async-t/128x128x16/8x8/s4/spread",
       &launch_async<AsyncShape<128, 128, 16, 8, 4, 2, 4, 16, true>, 1>},
      {"async-t/128x128x32/8x8/s3", &launch_async<AsyncShape<128, 128, 32, 8, 3, 2>, 1>},
      {"async-t/128x256x16/8x16/s3", &launch_async<AsyncShape<128, 256, 16, 16, 3, 1>, 1>},
      {"async-t/128x256x16/8x16/s4", &launch_async<AsyncShape<128, 256, 16, 16, 4, 1>, 1>},
      {"async-t/128x256x16/8x16/s4/spread",
       &launch_async<AsyncShape<128, 256, 16, 16, 4, 1, 4, 16, true>, 1>},
      {"async-t/128x256x8/8x16/s4", &launch_async<AsyncShape<128, 256, 8, 16, 4, 1>, 1>},
      {"async-t/128x256x16/8x16/s3/u4", &launch_async<AsyncShape<128, 256, 16, 16, 3, 1, 4, 4>, 1>},
      {"async-t/128x256x32/8x16/s3/u4", &launch_async<AsyncShape<128, 256, 32, 16, 3, 1, 4, 4>, 1>},
      {"async-t/128x256x16/8x16/w8x4/s3", &launch_async<AsyncShape<128, 256, 16, 16, 3, 1, 8>, 1>},
      {"async-t/128x128x16/8x16/s4", &launch_async<AsyncShape<128, 128, 16, 16, 4, 2>, 1>},
      {"async-t/128x128x16/8x16/s4/spread",
       &launch_async<AsyncShape<128, 128, 16, 16, 4, 2, 4, 16, true>, 1>},
      {"async-t/128x128x16/8x16/s4/u4", &launch_async<AsyncShape<128, 128, 16, 16, 4, 2, 4, 4>, 1>},
      {"async-t/64x128x16/8x8/s4", &launch_async<AsyncShape<64, 128, 16, 8, 4, 4>, 1>},
      {"async-t/64x64x16/8x4/s4", &launch_async<AsyncShape<64, 64, 16, 4, 4, 4>, 1>},
      {"async-t/128x128x16/8x8/s3/split2", &launch_async<AsyncShape<128, 128, 16, 8, 3, 2>, 2>},
      {"async-t/128x128x16/8x8/s3/split4", &launch_async<AsyncShape<128, 128, 16, 8, 3, 2>, 4>},
      {"async-t/128x256x16/8x16/s3/split2", &launch_async<AsyncShape<128, 256, 16, 16, 3, 1>, 2>},
      {"async-t/64x128x16/8x8/s4/split2", &launch_async<AsyncShape<64, 128, 16, 8, 4, 4>, 2>},
  };
}

}  // namespace whygpu::kernels
