// The third Tensor Core rung, Hopper only (sm_90a): wgmma fed by TMA, with warp
// specialisation. BF16 inputs, FP32 sums.
//
// The block (3 warpgroups of 128 threads) is persistent: one per SM, taking output tiles
// of BM x BN in turn (grouped_tile order, for L2 reuse). Its warpgroups divide the work:
//   - the producer (warpgroup 0, registers cut to 24 with setmaxnreg) has one thread issue
//     TMA copies (cp.async.bulk.tensor): one instruction moves a whole 64-wide k slice of
//     A's tile, and BN/64 instructions B's, straight into shared memory in the 128-byte
//     swizzled layout wgmma reads; the hardware zero-fills whatever lies past the matrix.
//     STAGES slices are in flight in a ring of buffers;
//   - two consumers (warpgroups 1-2, registers raised to 240) each own BM/2 rows of the
//     tile and issue wgmma.mma_async: 128 threads drive the Tensor Cores together on
//     operands read directly from shared memory (no ldmatrix, no registers for A or B),
//     64 x BN x 16 multiply-adds per instruction, asynchronously: the next slice's
//     wgmmas are issued before the previous ones have finished.
// They meet at mbarriers: `full[s]` completes when the TMA bytes of slice s have landed
// (expect_tx), `empty[s]` when all 8 consumer warps are done reading it. While the
// consumers store one tile's results the producer is already loading the next tile.
// With clusters of 2 (`/c2`, as cuBLAS's kernel) the two blocks of a cluster take the two
// tiles of one column of C stacked on each other, so they read the same slices of B. Each
// loads its own A and half of B, and TMA multicast writes that half into both blocks'
// shared memory: a third fewer bytes from L2 per slice. A slot is then free only when the
// consumers of both blocks are done with it: every consumer warp arrives on `empty[s]` in
// both. (Split-k, tried beside it, lost at every size: PERF_NOTES.md.)
// A is K-major (rows of k); B (k x n row-major) is N-major, which wgmma reads with its
// transpose flag. TMA needs rows that start on 16-byte boundaries: see half_operands.h.
#include <cuda.h>          // CUtensorMap and its enums (declarations only: no libcuda link)
#include <cudaTypedefs.h>  // PFN_cuTensorMapEncodeTiled

#include <cstdint>
#include <mutex>

#include "compute/core/cuda_check.h"
#include "compute/core/gpu_info.h"
#include "compute/kernels/half_operands.h"
#include "compute/kernels/matmul_shapes.h"
#include "compute/kernels/tc_device.cuh"
#include "compute/kernels/tile_layout.h"

namespace whygpu::kernels {
namespace {

// The shape constants are unused in the compiler passes for GPUs that lack this kernel's
// instructions (its body is compiled out there): no "declared but never referenced".
#pragma nv_diag_suppress 177

constexpr int kBK = 64;  // k per stage: 64 BF16 = 128 bytes, one row of the 128-byte swizzle

// kBandRows: rows of C per band of the tile order (grouped_tile); kL2Promotion: the bytes
// (0, 128 or 256) L2 fetches at once for a TMA request.
// kCluster: blocks a cluster (1, or 2 sharing B's slices).
template <int BM_, int BN_, int STAGES_, int kBandRows_ = 2048, int kL2Promotion_ = 256,
          int kCluster_ = 1>
struct WgmmaShape {
  static constexpr int BM = BM_, BN = BN_, STAGES = STAGES_;
  static constexpr int kL2Promotion = kL2Promotion_;
  static constexpr int kCluster = kCluster_;
  static constexpr int kConsumers = 2;
  static constexpr int kThreads = 128 * (kConsumers + 1);
  static constexpr int kConsumerRows = BM / kConsumers;
  static constexpr int MI = kConsumerRows / 64;  // 64-row wgmma blocks per consumer
  static constexpr int kABytes = BM * kBK * 2, kBBytes = kBK * BN * 2;
  static constexpr int kStageBytes = kABytes + kBBytes;
  // Stages, 1024 bytes to align them (the swizzle repeats every 1024), the barriers.
  static constexpr int kSharedBytes = STAGES * kStageBytes + 1024 + 2 * STAGES * 8;
  static constexpr int kGroup = kBandRows_ / BM;  // tile rows per band
  static_assert(BN == 64 || BN == 128 || BN == 256, "wgmma_m64n64k16, m64n128k16 or m64n256k16");
  static_assert(kConsumerRows % 64 == 0 && MI * BN / 2 <= 128,
                "accumulators: at most 128 registers a thread");
  static_assert(kCluster == 1 || (kCluster == 2 && BN >= 128), "each block of a pair loads half of B");
};

// Writes 1 when this module runs sm_90a code on this GPU (wgmma and setmaxnreg exist only
// there), 0 when it runs code for another target.
__global__ void sm90a_probe_kernel(int* out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  *out = 1;
#else
  *out = 0;
#endif
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbar_init(std::uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smem_u32(bar)), "r"(count));
}

// One arrival that also tells the barrier how many bytes the TMA will deliver: the phase
// completes when they have all landed.
__device__ __forceinline__ void mbar_arrive_expect_tx(std::uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(smem_u32(bar)),
               "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void mbar_arrive(std::uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(smem_u32(bar)) : "memory");
}

// The same arrival on the barrier at the same place in the shared memory of block `rank`
// of this cluster.
__device__ __forceinline__ void mbar_arrive_cluster(std::uint64_t* bar, unsigned rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(smem_u32(bar)),
      "r"(rank)
      : "memory");
}

__device__ __forceinline__ unsigned cluster_rank() {
  unsigned rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(rank));
  return rank;
}

// Every thread of every block of the cluster: the barriers one block initialised are then
// visible to the other's arrivals and multicast copies.
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" ::
                   : "memory");
}

// Waits until the phase of parity `parity` has completed. A fresh barrier counts its
// (never-run) phase of parity 1 as complete, so the producer's first wait on each empty
// slot passes at once. A wait of more than about 10 s (2^34 cycles) means a copy that
// never lands: the kernel traps, so the launch fails with an error instead of hanging.
__device__ __forceinline__ void mbar_wait(std::uint64_t* bar, unsigned parity) {
  unsigned done = 0;
  const long long start = clock64();
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(smem_u32(bar)), "r"(parity)
        : "memory");
    if (!done && clock64() - start > (1ll << 34)) __trap();
  } while (!done);
}

// A box of the tensor `map` at coordinates (inner, outer) into shared memory; bytes are
// counted on `bar`.
__device__ __forceinline__ void tma_load_2d(void* dst, const CUtensorMap* map, int inner,
                                            int outer, std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
      "[%0], [%1, {%2, %3}], [%4];\n" ::"r"(smem_u32(dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(inner), "r"(outer), "r"(smem_u32(bar))
      : "memory");
}

// The same box written to the same place in the shared memory of every block of the
// cluster named in `blocks` (a bit per block rank); each one's `bar` counts the bytes.
__device__ __forceinline__ void tma_load_2d_multicast(void* dst, const CUtensorMap* map, int inner,
                                                      int outer, std::uint64_t* bar,
                                                      std::uint16_t blocks) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      ".multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;\n" ::"r"(smem_u32(dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(inner), "r"(outer), "r"(smem_u32(bar)),
      "h"(blocks)
      : "memory");
}

// Shared-memory matrix descriptor with the 128-byte swizzle: start address, leading and
// stride byte offsets (PTX ISA, "Matrix Descriptor Format"), all in units of 16 bytes.
__device__ __forceinline__ std::uint64_t smem_descriptor(const void* p, unsigned leading_bytes,
                                                         unsigned stride_bytes) {
  return static_cast<std::uint64_t>((smem_u32(p) & 0x3FFFF) >> 4) |
         (static_cast<std::uint64_t>((leading_bytes & 0x3FFFF) >> 4) << 16) |
         (static_cast<std::uint64_t>((stride_bytes & 0x3FFFF) >> 4) << 32) | (1ull << 62);
}

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
}

// d (64 x 64, FP32, 32 registers a thread) += A (64 x 16) B (16 x 64), both from shared
// memory through descriptors; B N-major (imm-trans-b = 1), scale-d = 1 (accumulate). For
// sizes with too few 128-wide tiles to fill the SMs (n = 1000: 64 tiles of 128 x 128 for
// 132 SMs, 128 of 128 x 64).
__device__ __forceinline__ void wgmma_m64n64k16(float (&d)[32], std::uint64_t desc_a,
                                               std::uint64_t desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
      "}, %32, %33, p, 1, 1, 0, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(desc_a), "l"(desc_b), "r"(1));
}

// d (64 x 128, FP32, 64 registers a thread) += A (64 x 16) B (16 x 128), both from shared
// memory through descriptors; B N-major (imm-trans-b = 1), scale-d = 1 (accumulate).
__device__ __forceinline__ void wgmma_m64n128k16(float (&d)[64], std::uint64_t desc_a,
                                                std::uint64_t desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
      "}, %64, %65, p, 1, 1, 0, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(desc_a), "l"(desc_b), "r"(1));
}

// d (64 x 256, FP32, 128 registers a thread) += A (64 x 16) B (16 x 256), both from shared
// memory through descriptors; B N-major (imm-trans-b = 1), scale-d = 1 (accumulate).
__device__ __forceinline__ void wgmma_m64n256k16(float (&d)[128], std::uint64_t desc_a,
                                                std::uint64_t desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
      "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
      "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
      "}, %128, %129, p, 1, 1, 0, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
        "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
        "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
        "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
        "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
        "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
        "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(1));
}

template <int BN>
__device__ __forceinline__ void wgmma_tile(float (&d)[BN / 2], std::uint64_t desc_a,
                                           std::uint64_t desc_b) {
  if constexpr (BN == 256)
    wgmma_m64n256k16(d, desc_a, desc_b);
  else if constexpr (BN == 128)
    wgmma_m64n128k16(d, desc_a, desc_b);
  else
    wgmma_m64n64k16(d, desc_a, desc_b);
}

// Keeps the compiler from moving accumulator reads or writes across the asynchronous
// wgmmas that own those registers.
template <int N>
__device__ __forceinline__ void fence_registers(float (&d)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("" : "+f"(d[i])::"memory");
}
#endif  // __CUDA_ARCH_FEAT_SM90_ALL

template <class S>
__global__ void __launch_bounds__(S::kThreads, 1)
    hgemm_wgmma_kernel(const __grid_constant__ CUtensorMap a_map,
                       const __grid_constant__ CUtensorMap b_map, float* __restrict__ c, int m,
                       int n, int k) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr int BM = S::BM, BN = S::BN, STAGES = S::STAGES, MI = S::MI, CL = S::kCluster;
  extern __shared__ unsigned char shared_raw[];
  unsigned char* shared = reinterpret_cast<unsigned char*>(
      (reinterpret_cast<std::uintptr_t>(shared_raw) + 1023) & ~std::uintptr_t{1023});
  auto a_stage = [&](int s) { return shared + s * S::kABytes; };
  auto b_stage = [&](int s) { return shared + STAGES * S::kABytes + s * S::kBBytes; };
  std::uint64_t* full = reinterpret_cast<std::uint64_t*>(shared + STAGES * S::kStageBytes);
  std::uint64_t* empty = full + STAGES;

  const int warpgroup = static_cast<int>(threadIdx.x) / 128;
  const int rank = CL > 1 ? static_cast<int>(cluster_rank()) : 0;
  // Tiles (pairs of tiles, one above the other, with clusters) go to clusters in turn; the
  // blocks of a cluster take the pair's tiles by rank.
  const int cluster = static_cast<int>(blockIdx.x) / CL, clusters = static_cast<int>(gridDim.x) / CL;
  const int tiles_m = ceil_div(m, BM), tiles_n = ceil_div(n, BN);
  const int pair_rows = ceil_div(tiles_m, CL);
  const int pairs = pair_rows * tiles_n;
  const int k_tiles = ceil_div(k, kBK);

  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);                             // the producer's expect_tx arrival
      mbar_init(&empty[s], S::kConsumers * 4 * CL);       // each consumer warp of the cluster
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  if constexpr (CL > 1)
    cluster_sync();
  else
    __syncthreads();

  if (warpgroup == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 24;\n");
    if (threadIdx.x == 0) {
      int it = 0;  // slices issued so far, over all tiles: slot it % STAGES
      for (int pair = cluster; pair < pairs; pair += clusters) {
        const TileCoord p = grouped_tile(pair, pair_rows, tiles_n, S::kGroup / CL);
        // A pair's lower tile past the last row (odd tiles_m) loads real rows it never stores:
        // the upper block still needs its half of B.
        const int a_row = min(p.row * CL + rank, tiles_m - 1) * BM;
        for (int kt = 0; kt < k_tiles; ++kt, ++it) {
          const int s = it % STAGES;
          mbar_wait(&empty[s], ((it / STAGES) & 1) ^ 1);
          mbar_arrive_expect_tx(&full[s], S::kStageBytes);
          tma_load_2d(a_stage(s), &a_map, kt * kBK, a_row, &full[s]);
          if constexpr (CL == 1) {
#pragma unroll
            for (int j = 0; j < BN / 64; ++j)
              tma_load_2d(b_stage(s) + j * 64 * kBK * 2, &b_map, p.col * BN + j * 64, kt * kBK,
                          &full[s]);
          } else {
#pragma unroll
            for (int jj = 0; jj < BN / 128; ++jj) {
              const int j = rank * (BN / 128) + jj;
              tma_load_2d_multicast(b_stage(s) + j * 64 * kBK * 2, &b_map, p.col * BN + j * 64,
                                    kt * kBK, &full[s], 0x3);
            }
          }
        }
      }
      // The other block's consumers arrive on this block's barriers: it must not exit
      // before the last of them has (each slot's release of its last use).
      if constexpr (CL > 1)
        for (int i = 0; i < STAGES; ++i, ++it) mbar_wait(&empty[it % STAGES], ((it / STAGES) & 1) ^ 1);
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;\n");
  const int consumer = warpgroup - 1;
  const int warp = (static_cast<int>(threadIdx.x) / 32) % 4, lane = static_cast<int>(threadIdx.x) % 32;
  // A consumer warp is done with slot s: tell this block's producer, and the other block's.
  auto release = [&](int s) {
    if (lane != 0) return;
    mbar_arrive(&empty[s]);
    if constexpr (CL > 1) mbar_arrive_cluster(&empty[s], static_cast<unsigned>(rank ^ 1));
  };
  float acc[MI][BN / 2];
  int it = 0;
  for (int pair = cluster; pair < pairs; pair += clusters) {
    const TileCoord p = grouped_tile(pair, pair_rows, tiles_n, S::kGroup / CL);
    const TileCoord t{p.row * CL + rank, p.col};
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
      for (int j = 0; j < BN / 2; ++j) acc[i][j] = 0.f;
    for (int kt = 0; kt < k_tiles; ++kt, ++it) {
      const int s = it % STAGES;
      mbar_wait(&full[s], (it / STAGES) & 1);
#pragma unroll
      for (int i = 0; i < MI; ++i) fence_registers(acc[i]);
      wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < kBK / 16; ++kk) {
        // B: blocks of 64 columns 8192 bytes apart (leading offset), groups of 8 k rows
        // 1024 bytes apart (stride offset); the next 16 k rows start 2048 bytes on.
        const std::uint64_t desc_b = smem_descriptor(b_stage(s) + kk * 16 * 128, 64 * kBK * 2, 1024);
#pragma unroll
        for (int i = 0; i < MI; ++i) {
          // A: rows of 128 bytes, groups of 8 rows 1024 bytes apart; the next 16 values of
          // k are 32 bytes on within the swizzled row.
          const int row = consumer * S::kConsumerRows + i * 64;
          const std::uint64_t desc_a = smem_descriptor(a_stage(s) + row * 128 + kk * 32, 16, 1024);
          wgmma_tile<BN>(acc[i], desc_a, desc_b);
        }
      }
      wgmma_commit();
#pragma unroll
      for (int i = 0; i < MI; ++i) fence_registers(acc[i]);
      // At most this slice's wgmmas still run: the previous slice's buffer is free.
      wgmma_wait<1>();
      if (kt > 0) release((it - 1) % STAGES);
    }
    wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < MI; ++i) fence_registers(acc[i]);
    release((it - 1) % STAGES);

    // Accumulator layout of m64nN: warp w of the warpgroup holds rows 16 w + lane/4 and
    // 16 w + lane/4 + 8; registers 4j..4j+3 are columns 8 j + 2 (lane%4) and the next.
    const int g = lane / 4, t2 = (lane % 4) * 2;
#pragma unroll
    for (int i = 0; i < MI; ++i) {
      const int row = t.row * BM + consumer * S::kConsumerRows + i * 64 + warp * 16 + g;
#pragma unroll
      for (int j = 0; j < BN / 8; ++j) {
        const int col = t.col * BN + j * 8 + t2;
        tc::store_pair(c, m, n, row, col, acc[i][4 * j], acc[i][4 * j + 1]);
        tc::store_pair(c, m, n, row + 8, col, acc[i][4 * j + 2], acc[i][4 * j + 3]);
      }
    }
  }
#endif
}

using EncodeTiled = PFN_cuTensorMapEncodeTiled_v12000;

// cuTensorMapEncodeTiled is a driver function: the runtime hands out its address, so the
// program needs no link against libcuda.
Status tensor_map_encoder(EncodeTiled* out) {
  static EncodeTiled encode = nullptr;
  static cudaError_t error = cudaSuccess;
  static cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  static std::once_flag once;
  std::call_once(once, [] {
    error = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                             reinterpret_cast<void**>(&encode), 12000,
                                             cudaEnableDefault, &found);
  });
  WHYGPU_CUDA_TRY_NAMED(error, "cudaGetDriverEntryPointByVersion(cuTensorMapEncodeTiled)");
  if (found != cudaDriverEntryPointSuccess || !encode)
    return Status::error(Wording::sentence(
        N_("the CUDA driver has no cuTensorMapEncodeTiled (TMA needs a CUDA 12 driver)")));
  *out = encode;
  return Status::ok();
}

constexpr CUtensorMapL2promotion l2_promotion(int bytes) {
  return bytes == 256   ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
         : bytes == 128 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B
                        : CU_TENSOR_MAP_L2_PROMOTION_NONE;
}

// A 2D BF16 tensor of outer x inner values, rows `row_stride` values apart, copied in boxes
// of box_outer x box_inner with the 128-byte swizzle; out-of-range elements read as zero.
Status tensor_map(EncodeTiled encode, const void* base, int inner, int outer, int row_stride,
                  int box_inner, int box_outer, CUtensorMapL2promotion promotion,
                  const char* what, CUtensorMap* map) {
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(inner), static_cast<cuuint64_t>(outer)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(row_stride) * 2};
  const cuuint32_t box[2] = {static_cast<cuuint32_t>(box_inner), static_cast<cuuint32_t>(box_outer)};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult r = encode(map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, const_cast<void*>(base), dims,
                            strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                            CU_TENSOR_MAP_SWIZZLE_128B, promotion,
                            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return Status::error(Wording::sentence(
        N_("cuTensorMapEncodeTiled for {0} ({1} x {2}, row stride {3}) failed with CUresult {4}"),
        {what, std::to_string(outer), std::to_string(inner), std::to_string(row_stride), std::to_string(r)}));
  return Status::ok();
}

template <class S>
Status launch_wgmma(const GemmOperands& op) {
  HalfGemm h;
  if (Status s = prepare_half_gemm(MatmulVariant::GpuTcWgmmaBf16, op, &h); !s) return s;
  EncodeTiled encode = nullptr;
  if (Status s = tensor_map_encoder(&encode); !s) return s;
  CUtensorMap a_map, b_map;
  constexpr CUtensorMapL2promotion promotion = l2_promotion(S::kL2Promotion);
  if (Status s = tensor_map(encode, h.a, h.k, h.m, h.lda, kBK, S::BM, promotion, "A", &a_map); !s)
    return s;
  if (Status s = tensor_map(encode, h.b, h.n, h.k, h.ldb, 64, kBK, promotion, "B", &b_map); !s)
    return s;
  static const cudaError_t raised = cudaFuncSetAttribute(
      hgemm_wgmma_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, S::kSharedBytes);
  WHYGPU_CUDA_TRY_NAMED(raised, "cudaFuncSetAttribute(hgemm_wgmma_kernel)");
  cudaLaunchAttribute cluster_shape{};
  cluster_shape.id = cudaLaunchAttributeClusterDimension;
  cluster_shape.val.clusterDim.x = S::kCluster;
  cluster_shape.val.clusterDim.y = 1;
  cluster_shape.val.clusterDim.z = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(S::kCluster);
  config.blockDim = dim3(S::kThreads);
  config.dynamicSmemBytes = S::kSharedBytes;
  config.attrs = &cluster_shape;
  config.numAttrs = S::kCluster > 1 ? 1 : 0;
  // Persistent: as many clusters as fit at once (one block an SM; pairs of SMs of one GPC
  // for clusters of 2), no more than there are tiles (pairs of tiles) to share.
  static int resident = gpu_info().sm_count;  // clusters of one: a block an SM
  static const cudaError_t asked =
      S::kCluster > 1 ? cudaOccupancyMaxActiveClusters(&resident, hgemm_wgmma_kernel<S>, &config) : cudaSuccess;
  WHYGPU_CUDA_TRY_NAMED(asked, "cudaOccupancyMaxActiveClusters(hgemm_wgmma_kernel)");
  if (resident < 1)
    return Status::error(Wording::sentence(N_("the GPU cannot hold a cluster of {0} wgmma blocks"),
                                           {std::to_string(S::kCluster)}));
  const int pairs = ceil_div(ceil_div(h.m, S::BM), S::kCluster) * ceil_div(h.n, S::BN);
  config.gridDim = dim3(static_cast<unsigned>((pairs < resident ? pairs : resident) * S::kCluster));
  WHYGPU_CUDA_TRY_NAMED(cudaLaunchKernelEx(&config, hgemm_wgmma_kernel<S>, a_map, b_map, h.c, h.m, h.n, h.k),
                        "cudaLaunchKernelEx(hgemm_wgmma_kernel)");
  WHYGPU_CUDA_TRY_LAUNCH("hgemm_wgmma_kernel");
  return Status::ok();
}

}  // namespace

bool wgmma_code_present() {
  static const bool present = [] {
    int* flag = nullptr;
    if (cudaMalloc(&flag, sizeof(int)) != cudaSuccess) return false;
    int value = 0;
    sm90a_probe_kernel<<<1, 1>>>(flag);
    const bool ran = cudaGetLastError() == cudaSuccess &&
                     cudaMemcpy(&value, flag, sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess;
    cudaFree(flag);
    return ran && value == 1;
  }();
  return present;
}

// Names: block tile x k step / pipeline stages / band<rows> when the tile order's bands are
// not 2048 rows / l2p<bytes> when L2 promotion is not 256 bytes / c2 for clusters of two
// blocks sharing B.
std::vector<KernelShape> wgmma_shapes() {
  return {
      {"128x256x64/s4", &launch_wgmma<WgmmaShape<128, 256, 4>>},
      {"128x256x64/s4/band1024", &launch_wgmma<WgmmaShape<128, 256, 4, 1024>>},
      {"128x256x64/s4/band4096", &launch_wgmma<WgmmaShape<128, 256, 4, 4096>>},
      {"128x256x64/s4/l2p128", &launch_wgmma<WgmmaShape<128, 256, 4, 2048, 128>>},
      {"128x256x64/s4/l2p0", &launch_wgmma<WgmmaShape<128, 256, 4, 2048, 0>>},
      {"128x256x64/s3", &launch_wgmma<WgmmaShape<128, 256, 3>>},
      {"256x128x64/s4", &launch_wgmma<WgmmaShape<256, 128, 4>>},
      {"128x128x64/s6", &launch_wgmma<WgmmaShape<128, 128, 6>>},
      {"128x64x64/s8", &launch_wgmma<WgmmaShape<128, 64, 8>>},
      {"128x256x64/s4/c2", &launch_wgmma<WgmmaShape<128, 256, 4, 2048, 256, 2>>},
      {"128x256x64/s4/l2p128/c2", &launch_wgmma<WgmmaShape<128, 256, 4, 2048, 128, 2>>},
      {"128x256x64/s4/band4096/c2", &launch_wgmma<WgmmaShape<128, 256, 4, 4096, 256, 2>>},
      {"128x128x64/s6/c2", &launch_wgmma<WgmmaShape<128, 128, 6, 2048, 256, 2>>},
      {"256x128x64/s4/c2", &launch_wgmma<WgmmaShape<256, 128, 4, 2048, 256, 2>>},
  };
}

}  // namespace whygpu::kernels
