#include <cooperative_groups.h>

#include "compute/core/cuda_check.h"
#include "compute/core/gpu_info.h"
#include "compute/lstm/cell_math.h"
#include "compute/lstm/gpu_recurrence.cuh"

namespace whygpu::lstm::gpu {
namespace {

namespace cg = cooperative_groups;

constexpr int kUnitsPerBlock = 16;
constexpr int kRowsPerCluster = 4;
constexpr int kBlockThreads = 256;
constexpr unsigned kFullMask = 0xffffffffu;

// Forward: thread (unit, gate, split) holds Wh[split*H/4 .. +H/4][column]. A warp covers
// 2 units x 4 gates x 4 splits; after the split sums, lane `split` takes batch row
// `split`, so the four gates of one (unit, row) sit in four lanes of one warp.
template <int H>
struct Geometry {
  static constexpr int kSplit = H / 4;                      // weights per thread
  static constexpr int kBlocks = H / kUnitsPerBlock;        // blocks per cluster
  static constexpr int kPadded = kSplit + 4;                // padding keeps the 4 splits' float4 reads in different banks
  static constexpr int kRowStride = 4 * kPadded;            // one row of h in shared memory
  static constexpr int kColumnSplits = kBlockThreads / H;   // backward: splits of the block's 64 columns
  static constexpr int kGradStride = kColumnSplits * (kSplit + 4);  // one row of gate gradients in shared memory
  static_assert(H % 64 == 0 || H == 32, "hidden must be 32, 64, 128 or 256");
  static_assert(kBlockThreads % H == 0, "hidden must divide the block size");
};

template <int H>
__device__ __forceinline__ int padded(int k) {
  return (k / Geometry<H>::kSplit) * Geometry<H>::kPadded + k % Geometry<H>::kSplit;
}

__device__ __forceinline__ float pick(const float (&v)[4], int i) {
  return i == 0 ? v[0] : i == 1 ? v[1] : i == 2 ? v[2] : v[3];
}

template <int H>
__global__ void __launch_bounds__(kBlockThreads, 1) cluster_forward_kernel(RecurrenceBuffers a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using G = Geometry<H>;
  constexpr int KR = G::kSplit, K = G::kBlocks, G4 = 4 * H;
  __shared__ __align__(16) float h_buf[2][kRowsPerCluster * G::kRowStride];
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int group = static_cast<int>(blockIdx.x) / K;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int unit = rank * kUnitsPerBlock + warp * 2 + (lane >> 4);
  const int gate = (lane >> 2) & 3;
  const int split = lane & 3;  // k-range for the product; then the batch row of the cell
  const int col = gate * H + unit;
  const int B = a.batch;
  const int row = group * kRowsPerCluster + split;
  const bool row_ok = row < B;

  float w[KR];
#pragma unroll
  for (int i = 0; i < KR; ++i) w[i] = a.w_h[static_cast<std::size_t>(split * KR + i) * G4 + col];
  const float bias = a.bias[col];
  for (int idx = threadIdx.x; idx < kRowsPerCluster * H; idx += kBlockThreads) {
    const int r = idx / H, k = idx % H, rr = group * kRowsPerCluster + r;
    h_buf[0][r * G::kRowStride + padded<H>(k)] = rr < B ? a.h_seq[static_cast<std::size_t>(rr) * H + k] : 0.0f;
  }
  float c = row_ok ? a.c_seq[static_cast<std::size_t>(row) * H + unit] : 0.0f;
  float gx = row_ok ? a.pre[static_cast<std::size_t>(row) * G4 + col] : 0.0f;
  const int my_slot = split * G::kRowStride + padded<H>(unit);
  const int base_lane = (lane & 16) | split;
  cluster.sync();  // every block has started (its shared memory exists) and h_buf[0] is loaded

  for (int t = 0; t < a.length; ++t) {
    const std::size_t at = static_cast<std::size_t>(t) * B + row;
    const float gx_next = (row_ok && t + 1 < a.length) ? a.pre[(at + B) * G4 + col] : 0.0f;
    const float* hb = h_buf[t & 1] + split * G::kPadded;
    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
    for (int i = 0; i < KR; i += 4) {
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        const float4 hv = *reinterpret_cast<const float4*>(hb + r * G::kRowStride + i);
        acc[r] = fmaf(hv.x, w[i], acc[r]);
        acc[r] = fmaf(hv.y, w[i + 1], acc[r]);
        acc[r] = fmaf(hv.z, w[i + 2], acc[r]);
        acc[r] = fmaf(hv.w, w[i + 3], acc[r]);
      }
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      acc[r] += __shfl_xor_sync(kFullMask, acc[r], 1);
      acc[r] += __shfl_xor_sync(kFullMask, acc[r], 2);
    }
    const float mine = pick(acc, split) + gx + bias;
    const float a_i = __shfl_sync(kFullMask, mine, base_lane);
    const float a_f = __shfl_sync(kFullMask, mine, base_lane + 4);
    const float a_o = __shfl_sync(kFullMask, mine, base_lane + 8);
    const float a_g = __shfl_sync(kFullMask, mine, base_lane + 12);
    const CellGates<float> g = cell_activations(a_i, a_f, a_o, a_g);
    c = cell_state(g, c);
    const float h = cell_output(g, c);
    float* next = h_buf[(t + 1) & 1] + my_slot;
    for (int r = gate; r < K; r += 4) *cluster.map_shared_rank(next, r) = h;
    if (row_ok) {
      a.acts[at * G4 + col] = gate == 0 ? g.i : gate == 1 ? g.f : gate == 2 ? g.o : g.g;
      if (gate == 0) a.c_seq[(at + B) * H + unit] = c;
      if (gate == 1) a.h_seq[(at + B) * H + unit] = h;
    }
    gx = gx_next;
    cluster.sync();  // the new h is in every block; nobody still reads the old buffer
  }
#endif
}

// Backward: the cell part uses the forward's thread roles; the product dh_prev = dA·Wh^T
// uses thread (k, column split), holding Wh[k][its columns].
template <int H>
__global__ void __launch_bounds__(kBlockThreads, 1) cluster_backward_kernel(RecurrenceBuffers a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using G = Geometry<H>;
  constexpr int KR = G::kSplit, K = G::kBlocks, G4 = 4 * H, CS = G::kColumnSplits;
  __shared__ float part[2][K][kRowsPerCluster][kUnitsPerBlock];  // partial dh from each block
  __shared__ __align__(16) float grad_buf[kRowsPerCluster * G::kGradStride];
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int group = static_cast<int>(blockIdx.x) / K;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int unit_local = warp * 2 + (lane >> 4);
  const int unit = rank * kUnitsPerBlock + unit_local;
  const int gate = (lane >> 2) & 3;
  const int split = lane & 3;
  const int col = gate * H + unit;
  const int B = a.batch;
  const int row = group * kRowsPerCluster + split;
  const bool row_ok = row < B;
  const int local_col = gate * kUnitsPerBlock + unit_local;
  const int grad_slot = split * G::kGradStride + (local_col / KR) * (KR + 4) + local_col % KR;
  const int base_lane = (lane & 16) | split;

  const int k = threadIdx.x / CS, cs = threadIdx.x % CS;
  float wb[KR];
#pragma unroll
  for (int i = 0; i < KR; ++i) {
    const int lc = cs * KR + i;
    wb[i] = a.w_h[static_cast<std::size_t>(k) * G4 + (lc / kUnitsPerBlock) * H + rank * kUnitsPerBlock +
                  lc % kUnitsPerBlock];
  }
  const int owner = k / kUnitsPerBlock, owner_slot = k % kUnitsPerBlock;
  for (int idx = threadIdx.x; idx < K * kRowsPerCluster * kUnitsPerBlock; idx += kBlockThreads)
    (&part[0][0][0][0])[idx] = 0.0f;

  auto load = [&](int t, float* act, float* c_prev, float* c_now, float* dho) {
    if (!row_ok || t < 0) {
      *act = *c_prev = *c_now = *dho = 0.0f;
      return;
    }
    const std::size_t at = static_cast<std::size_t>(t) * B + row;
    *act = a.acts[at * G4 + col];
    *c_prev = a.c_seq[at * H + unit];
    *c_now = a.c_seq[(at + B) * H + unit];
    *dho = a.d_h_out[at * H + unit];
  };
  float act, c_prev, c_now, dho;
  load(a.length - 1, &act, &c_prev, &c_now, &dho);
  float dc = 0.0f;
  cluster.sync();

  for (int n = 0; n < a.length; ++n) {
    const int t = a.length - 1 - n;
    float act_n, c_prev_n, c_now_n, dho_n;
    load(t - 1, &act_n, &c_prev_n, &c_now_n, &dho_n);  // in flight during this step
    float dh = dho;
#pragma unroll
    for (int r = 0; r < K; ++r) dh += part[n & 1][r][split][unit_local];
    const CellGates<float> g{__shfl_sync(kFullMask, act, base_lane), __shfl_sync(kFullMask, act, base_lane + 4),
                             __shfl_sync(kFullMask, act, base_lane + 8),
                             __shfl_sync(kFullMask, act, base_lane + 12)};
    float dc_prev;
    const CellGates<float> d = cell_backward(g, c_prev, c_now, dh, dc, &dc_prev);
    dc = dc_prev;
    const float mine = gate == 0 ? d.i : gate == 1 ? d.f : gate == 2 ? d.o : d.g;
    grad_buf[grad_slot] = mine;
    if (row_ok) a.d_gates[(static_cast<std::size_t>(t) * B + row) * G4 + col] = mine;
    __syncthreads();

    const float* gb = grad_buf + cs * (KR + 4);
    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
    for (int i = 0; i < KR; i += 4) {
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        const float4 dv = *reinterpret_cast<const float4*>(gb + r * G::kGradStride + i);
        acc[r] = fmaf(dv.x, wb[i], acc[r]);
        acc[r] = fmaf(dv.y, wb[i + 1], acc[r]);
        acc[r] = fmaf(dv.z, wb[i + 2], acc[r]);
        acc[r] = fmaf(dv.w, wb[i + 3], acc[r]);
      }
    }
#pragma unroll
    for (int m = 1; m < CS; m <<= 1)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[r] += __shfl_xor_sync(kFullMask, acc[r], m);
    if (cs == 0) {
      float* dst = cluster.map_shared_rank(&part[(n + 1) & 1][rank][0][owner_slot], owner);
#pragma unroll
      for (int r = 0; r < 4; ++r) dst[r * kUnitsPerBlock] = acc[r];
    }
    act = act_n, c_prev = c_prev_n, c_now = c_now_n, dho = dho_n;
    cluster.sync();
  }
#endif
}

template <int H>
cudaLaunchConfig_t launch_config(const RecurrenceBuffers& b, cudaStream_t stream, cudaLaunchAttribute* attribute) {
  constexpr int K = Geometry<H>::kBlocks;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(static_cast<unsigned>(((b.batch + kRowsPerCluster - 1) / kRowsPerCluster) * K));
  config.blockDim = dim3(kBlockThreads);
  config.stream = stream;
  attribute->id = cudaLaunchAttributeClusterDimension;
  attribute->val.clusterDim.x = K;
  attribute->val.clusterDim.y = 1;
  attribute->val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  return config;
}

template <int H>
Status check_kernels_fit() {
  for (const void* kernel : {reinterpret_cast<const void*>(cluster_forward_kernel<H>),
                             reinterpret_cast<const void*>(cluster_backward_kernel<H>)}) {
    if (Geometry<H>::kBlocks > 8)
      WHYGPU_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    RecurrenceBuffers probe;
    probe.batch = kRowsPerCluster;
    cudaLaunchAttribute attribute;
    cudaLaunchConfig_t config = launch_config<H>(probe, nullptr, &attribute);
    int clusters = 0;
    WHYGPU_CUDA_TRY(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));
    if (clusters < 1)
      return Status::error(Wording::sentence(N_("a cluster of {0} blocks does not fit on this GPU"),
                                             {std::to_string(Geometry<H>::kBlocks)}));
  }
  return Status::ok();
}

template <int H>
Status launch_forward(const RecurrenceBuffers& b, cudaStream_t stream) {
  cudaLaunchAttribute attribute;
  cudaLaunchConfig_t config = launch_config<H>(b, stream, &attribute);
  WHYGPU_CUDA_TRY(cudaLaunchKernelEx(&config, cluster_forward_kernel<H>, b));
  return Status::ok();
}

template <int H>
Status launch_backward(const RecurrenceBuffers& b, cudaStream_t stream) {
  cudaLaunchAttribute attribute;
  cudaLaunchConfig_t config = launch_config<H>(b, stream, &attribute);
  WHYGPU_CUDA_TRY(cudaLaunchKernelEx(&config, cluster_backward_kernel<H>, b));
  return Status::ok();
}

}  // namespace

bool cluster_recurrence_available(int hidden, std::string* why) {
  if (Status s = require_gpu(); !s) {
    *why = s.message();
    return false;
  }
  const GpuInfo& info = gpu_info();
  if (info.compute_major < 9) {
    *why = "thread-block clusters need compute capability 9.0; the " + info.name + " has " +
           info.compute_capability();
    return false;
  }
  Status fits = Status::error(Wording::sentence(
      N_("the persistent kernel is built for hidden 32, 64, 128 and 256, not {0}"),
      {std::to_string(hidden)}));
  switch (hidden) {
    case 32: fits = check_kernels_fit<32>(); break;
    case 64: fits = check_kernels_fit<64>(); break;
    case 128: fits = check_kernels_fit<128>(); break;
    case 256: fits = check_kernels_fit<256>(); break;
    default: break;
  }
  if (!fits) *why = fits.message();
  return fits.is_ok();
}

Status launch_cluster_forward(int hidden, const RecurrenceBuffers& b, cudaStream_t stream) {
  switch (hidden) {
    case 32: return launch_forward<32>(b, stream);
    case 64: return launch_forward<64>(b, stream);
    case 128: return launch_forward<128>(b, stream);
    case 256: return launch_forward<256>(b, stream);
    default:
      return Status::error(Wording::sentence(
          N_("no persistent kernel for hidden {0}"), {std::to_string(hidden)}));
  }
}

Status launch_cluster_backward(int hidden, const RecurrenceBuffers& b, cudaStream_t stream) {
  switch (hidden) {
    case 32: return launch_backward<32>(b, stream);
    case 64: return launch_backward<64>(b, stream);
    case 128: return launch_backward<128>(b, stream);
    case 256: return launch_backward<256>(b, stream);
    default:
      return Status::error(Wording::sentence(
          N_("no persistent kernel for hidden {0}"), {std::to_string(hidden)}));
  }
}

}  // namespace whygpu::lstm::gpu
