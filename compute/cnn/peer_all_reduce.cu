// The one-hop all-reduce over peer access (peer_all_reduce.cuh).
#include "compute/cnn/peer_all_reduce.cuh"

#include <string>

#include "compute/core/cuda_check.h"
#include "compute/kernels/tile_layout.h"

namespace whygpu::cnn::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int kPairsPerThread = 2;  // pairs a thread sums: 2 x gpus loads in flight

// System scope: the flags are written and read by different GPUs.
__device__ __forceinline__ unsigned load_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.sys.global.u32 %0, [%1];\n" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__device__ __forceinline__ void store_release(unsigned* p, unsigned v) {
  asm volatile("st.release.sys.global.u32 [%0], %1;\n" ::"l"(p), "r"(v) : "memory");
}

// Every thread of the block returns once flags[0 .. gpus) all hold `step` (or later).
__device__ void wait_for_every_gpu(const unsigned* flags, int gpus, unsigned step) {
  if (static_cast<int>(threadIdx.x) < gpus) {
    const long long start = clock64();
    while (static_cast<int>(load_acquire(flags + threadIdx.x) - step) < 0)
      if (clock64() - start > (1ll << 34)) __trap();
  }
  __syncthreads();
}

__global__ void __launch_bounds__(kThreads) peer_all_reduce_kernel(PeerAllReduceRank r) {
  const int gpus = r.gpus;
  unsigned* mine = r.state[r.rank];
  unsigned* step_number = mine + 2 * gpus;
  unsigned* blocks_done = step_number + 1;
  // Read before this block says anything: block 0 moves it on only after every block of
  // this GPU has arrived at step 3.
  const unsigned step = *reinterpret_cast<volatile unsigned*>(step_number) + 1;

  // 1. This GPU's gradients are complete (the backward pass came before on the stream).
  if (blockIdx.x == 0 && static_cast<int>(threadIdx.x) < gpus) {
    __threadfence_system();
    store_release(r.state[threadIdx.x] + r.rank, step);
  }
  wait_for_every_gpu(mine, gpus, step);

  // 2. Sums in rank order. Every load is issued before the first add needs one (the GPU
  // loop unrolled to its largest size, predicated): a remote load takes microseconds, and
  // loads waited for one by one would add those up. .cg: from the owner's memory, never a
  // stale L1 line.
  const int pairs = r.count / 2;
  float2 sum[kPairsPerThread];
  float2 loaded[kMaxPeerGpus][kPairsPerThread];
#pragma unroll
  for (int g = 0; g < kMaxPeerGpus; ++g)
#pragma unroll
    for (int j = 0; j < kPairsPerThread; ++j) {
      const int i = (static_cast<int>(blockIdx.x) * kPairsPerThread + j) * kThreads + static_cast<int>(threadIdx.x);
      loaded[g][j] = g < gpus && i < pairs ? __ldcg(reinterpret_cast<const float2*>(r.grads[g]) + i)
                                           : make_float2(0.f, 0.f);
    }
#pragma unroll
  for (int j = 0; j < kPairsPerThread; ++j) {
    sum[j] = loaded[0][j];
#pragma unroll
    for (int g = 1; g < kMaxPeerGpus; ++g)
      if (g < gpus) {
        sum[j].x += loaded[g][j].x;
        sum[j].y += loaded[g][j].y;
      }
  }

  // 3. Done reading: the last block of this GPU to finish says so to every GPU.
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(blocks_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && static_cast<int>(threadIdx.x) < gpus) {
    if (threadIdx.x == 0) *blocks_done = 0;  // for the next step's kernel
    __threadfence_system();
    store_release(r.state[threadIdx.x] + gpus + r.rank, step);
  }
  wait_for_every_gpu(mine + gpus, gpus, step);

  const float scale = 1.f / static_cast<float>(gpus);
#pragma unroll
  for (int j = 0; j < kPairsPerThread; ++j) {
    const int i = (static_cast<int>(blockIdx.x) * kPairsPerThread + j) * kThreads + static_cast<int>(threadIdx.x);
    if (i < pairs) reinterpret_cast<float2*>(r.grads[r.rank])[i] = make_float2(sum[j].x * scale, sum[j].y * scale);
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) *step_number = step;
}

}  // namespace

Status enable_peer_access(const std::vector<int>& devices) {
  for (int a : devices)
    for (int b : devices) {
      if (a == b) continue;
      int can = 0;
      WHYGPU_CUDA_TRY(cudaDeviceCanAccessPeer(&can, a, b));
      if (!can)
        return Status::error(Wording::sentence(N_("GPU {0} cannot reach the memory of GPU {1} (no peer access)"),
                                               {std::to_string(a), std::to_string(b)}));
      WHYGPU_CUDA_TRY(cudaSetDevice(a));
      const cudaError_t e = cudaDeviceEnablePeerAccess(b, 0);
      if (e == cudaErrorPeerAccessAlreadyEnabled)
        cudaGetLastError();  // NCCL may have turned it on already: not an error
      else
        WHYGPU_CUDA_TRY_NAMED(e, "cudaDeviceEnablePeerAccess");
    }
  return Status::ok();
}

Status enqueue_peer_all_reduce(const PeerAllReduceRank& r, cudaStream_t stream) {
  if (r.gpus < 1 || r.gpus > kMaxPeerGpus || r.rank < 0 || r.rank >= r.gpus || r.count < 0 || r.count % 2 != 0)
    return Status::error(Wording::sentence(N_("the one-shot all-reduce needs 1 to {0} GPUs and an even number of values"),
                                           {std::to_string(kMaxPeerGpus)}));
  const int blocks = kernels::ceil_div(r.count / 2, kThreads * kPairsPerThread);
  peer_all_reduce_kernel<<<blocks > 0 ? blocks : 1, kThreads, 0, stream>>>(r);
  WHYGPU_CUDA_TRY_LAUNCH("peer_all_reduce_kernel");
  return Status::ok();
}

}  // namespace whygpu::cnn::gpu
