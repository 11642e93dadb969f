// The register-blocked SGEMM with an asynchronous copy pipeline (cp.async on sm_80 and
// newer; synchronous copies on Turing).
//
// Same arithmetic as sgemm_register_tiled.cu (each thread holds an 8 x 8 patch of C in
// registers), but tiles travel from global to shared memory with cp.async: the copy
// engine of the SM writes shared memory directly, so no registers stage the data and no
// instructions copy it, and STAGES tiles are in flight at once (a ring of buffers in
// dynamic shared memory), hiding global-memory latency behind more than one tile of math.
// A's tile stays row-major (cp.async cannot transpose); a thread reads float4s along k of
// its 8 rows, which serve 4 steps of k each. Rows of a thread are kThreadRows apart and
// padded rows are BK + 4 floats long, so the 4 rows a warp reads at once land in
// different banks. Needs k % 4 == 0, n % 4 == 0 and 16-byte aligned matrices (16-byte
// copies); other operands fall back to the register-tiled kernel's scalar path.
#include <cstdint>

#include "compute/core/cuda_check.h"
#include "compute/kernels/matmul_shapes.h"

namespace whygpu::kernels {
namespace {

template <int BM_, int BN_, int BK_, int STAGES_>
struct PipeShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, STAGES = STAGES_;
  static constexpr int TM = 8, TN = 8;
  static constexpr int kThreadRows = BM / TM, kThreadCols = BN / TN;
  static constexpr int kThreads = kThreadRows * kThreadCols;
  static constexpr int kAStride = BK + 4;  // floats per padded row of A's tile
  static constexpr int kStageFloats = BM * kAStride + BK * BN;
  static constexpr std::size_t kSharedBytes = sizeof(float) * kStageFloats * STAGES;
};

// cp.async exists from sm_80. Turing builds (sm_75) get the same pipeline with plain
// 16-byte copies through registers: correct, since every stage is still fenced by the
// __syncthreads() the pipeline already has, only without the overlap.
__device__ __forceinline__ void cp_async16(float* smem, const float* global, bool valid) {
#if __CUDA_ARCH__ >= 800
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  const int bytes = valid ? 16 : 0;  // 0: nothing is read and the 16 bytes are zero-filled
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(global),
               "r"(bytes));
#else
  *reinterpret_cast<float4*>(smem) = valid ? *reinterpret_cast<const float4*>(global) : float4{0, 0, 0, 0};
#endif
}

__device__ __forceinline__ void cp_async_commit() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}

template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending));
#endif
}

__device__ __forceinline__ float component(const float4& v, int q) {
  return q == 0 ? v.x : q == 1 ? v.y : q == 2 ? v.z : v.w;
}

template <class S>
__global__ void __launch_bounds__(S::kThreads, 512 / S::kThreads)
    sgemm_pipelined_kernel(int m, int n, int k, const float* __restrict__ a,
                           const float* __restrict__ b, float* __restrict__ c) {
  constexpr int BM = S::BM, BN = S::BN, BK = S::BK, TM = S::TM, TN = S::TN;
  constexpr int kThreadRows = S::kThreadRows, kThreadCols = S::kThreadCols;
  constexpr int kThreads = S::kThreads;
  constexpr int kWarpRows = 4, kWarpCols = 8, kWarpsPerRow = kThreadCols / kWarpCols;
  constexpr int kAChunks = BM * BK / 4 / kThreads;  // 16-byte copies per thread per tile
  constexpr int kBChunks = BK * BN / 4 / kThreads;
  static_assert(kAChunks * kThreads * 4 == BM * BK && kBChunks * kThreads * 4 == BK * BN,
                "threads must share the tiles evenly");
  static_assert(kThreadCols % kWarpCols == 0 && kThreadRows % kWarpRows == 0, "warp layout");

  extern __shared__ __align__(16) float shared[];
  const int tid = static_cast<int>(threadIdx.x);
  const int warp = tid / 32, lane = tid % 32;
  const int ty = (warp / kWarpsPerRow) * kWarpRows + lane / kWarpCols;
  const int tx = (warp % kWarpsPerRow) * kWarpCols + lane % kWarpCols;
  const int block_row = static_cast<int>(blockIdx.y) * BM;
  const int block_col = static_cast<int>(blockIdx.x) * BN;

  auto a_stage = [&](int s) { return shared + s * S::kStageFloats; };
  auto b_stage = [&](int s) { return shared + s * S::kStageFloats + BM * S::kAStride; };

  // Enqueue the copies of k-tile `tile` into ring slot `s` (zeros past the matrix edges).
  auto load_tile = [&](int s, int tile) {
    const int k0 = tile * BK;
    float* as = a_stage(s);
    float* bs = b_stage(s);
#pragma unroll
    for (int l = 0; l < kAChunks; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / (BK / 4), kq = (q % (BK / 4)) * 4;
      const int row = block_row + r, kk = k0 + kq;
      const bool valid = row < m && kk < k;
      cp_async16(as + r * S::kAStride + kq,
                 valid ? a + static_cast<std::size_t>(row) * k + kk : a, valid);
    }
#pragma unroll
    for (int l = 0; l < kBChunks; ++l) {
      const int q = tid + l * kThreads;
      const int r = q / (BN / 4), cq = (q % (BN / 4)) * 4;
      const int kk = k0 + r, col = block_col + cq;
      const bool valid = kk < k && col < n;
      cp_async16(bs + r * BN + cq, valid ? b + static_cast<std::size_t>(kk) * n + col : b, valid);
    }
  };

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

  const int tiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < S::STAGES - 1; ++s) {
    if (s < tiles) load_tile(s, s);
    cp_async_commit();  // empty groups keep the count uniform
  }

  for (int t = 0; t < tiles; ++t) {
    cp_async_wait<S::STAGES - 2>();  // this thread's copies of tile t have landed...
    __syncthreads();                 // ...everyone's have, and slot t-1 is free again
    const int next = t + S::STAGES - 1;
    if (next < tiles) load_tile(next % S::STAGES, next);
    cp_async_commit();

    const float* as = a_stage(t % S::STAGES);
    const float* bs = b_stage(t % S::STAGES);
#pragma unroll
    for (int kk = 0; kk < BK; kk += 4) {
      float4 a4[TM];
#pragma unroll
      for (int i = 0; i < TM; ++i)
        a4[i] = *reinterpret_cast<const float4*>(as + (ty + i * kThreadRows) * S::kAStride + kk);
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        float bf[TN];
#pragma unroll
        for (int g = 0; g < TN / 4; ++g) {
          const float4 v = *reinterpret_cast<const float4*>(
              bs + (kk + q) * BN + g * 4 * kThreadCols + tx * 4);
          bf[g * 4 + 0] = v.x;
          bf[g * 4 + 1] = v.y;
          bf[g * 4 + 2] = v.z;
          bf[g * 4 + 3] = v.w;
        }
#pragma unroll
        for (int i = 0; i < TM; ++i) {
          const float av = component(a4[i], q);
#pragma unroll
          for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(av, bf[j], acc[i][j]);
        }
      }
    }
  }
  cp_async_wait<0>();

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int row = block_row + ty + i * kThreadRows;
    if (row >= m) continue;
    float* c_row = c + static_cast<std::size_t>(row) * n;
#pragma unroll
    for (int g = 0; g < TN / 4; ++g) {
      const int col = block_col + g * 4 * kThreadCols + tx * 4;
      if (col < n)
        *reinterpret_cast<float4*>(c_row + col) =
            make_float4(acc[i][g * 4], acc[i][g * 4 + 1], acc[i][g * 4 + 2], acc[i][g * 4 + 3]);
    }
  }
}

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

template <class S>
Status launch_pipelined(const GemmOperands& op) {
  const bool vec4 = op.k % 4 == 0 && op.n % 4 == 0 && aligned16(op.a) && aligned16(op.b) &&
                    aligned16(op.c);
  if (!vec4) return launch_sgemm_scalar_fallback(op);
  const dim3 grid((op.n + S::BN - 1) / S::BN, (op.m + S::BM - 1) / S::BM);
  if (grid.y > 65535u)
    return Status::error(Wording::sentence(N_("matmul: {0} blocks in y exceed the GPU's grid limit of 65535"),
                                           {std::to_string(grid.y)}));
  // More than 48 KiB of shared memory per block must be asked for, once per kernel.
  static const cudaError_t raised = cudaFuncSetAttribute(
      sgemm_pipelined_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize,
      static_cast<int>(S::kSharedBytes));
  WHYGPU_CUDA_TRY_NAMED(raised, "cudaFuncSetAttribute(sgemm_pipelined_kernel)");
  sgemm_pipelined_kernel<S><<<grid, S::kThreads, S::kSharedBytes>>>(op.m, op.n, op.k, op.a,
                                                                     op.b, op.c);
  WHYGPU_CUDA_TRY_LAUNCH("sgemm_pipelined_kernel");
  return Status::ok();
}

}  // namespace

std::vector<KernelShape> pipelined_shapes() {
  return {
      // The best of four measured pipelines (PERF_NOTES.md), 4.5% behind the default.
      {"async/128x128x16/s4", &launch_pipelined<PipeShape<128, 128, 16, 4>>},
  };
}

}  // namespace whygpu::kernels
