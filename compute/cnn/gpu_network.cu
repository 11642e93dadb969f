#include "compute/cnn/gpu_network.cuh"

#include <algorithm>
#include <iterator>
#include <string>

#include "compute/cnn/network_kernels.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_check.h"

// Where the time goes (ncu on an H100, batch 64, before this layout): the step was ~38
// small kernels, most of them latency-bound. So conv1 (9-tap filters) is computed
// directly, fused with its bias, ReLU and pooling, and its weight gradient reduced by a
// kernel of its own; the dense head (flatten, dense 64, dense 10, softmax, loss and their
// backward) runs as one block per image plus one kernel for the batch's weight
// gradients. conv2 and conv3, the real matrix work, stay im2col + cuBLAS SGEMM, with
// the element-wise kernels every precision shares (network_kernels.cuh, S = float).

namespace whygpu::cnn::gpu {
namespace {

constexpr int kConv1Segments = 16;     // blocks per conv1 channel in its weight gradient
constexpr int kConv1GradientSums = 10;  // 9 weights and the bias

// The parameter (or gradient) blocks a kernel needs, resolved on the host.
struct Blocks {
  float* w[kParamBlockCount];
};
template <typename T>
Blocks blocks_of(T* params) {
  Blocks b;
  for (int i = 0; i < kParamBlockCount; ++i) b.w[i] = const_cast<float*>(params) + kParamBlocks[i].offset;
  return b;
}

__global__ void load_batch_kernel(const std::uint8_t* __restrict__ images,
                                  const std::uint8_t* __restrict__ labels, const int* __restrict__ order,
                                  const int* __restrict__ cursor, int first, int batch,
                                  const DeviceControl* __restrict__ control, float* __restrict__ x,
                                  int* __restrict__ batch_labels) {
  constexpr int kQuads = kImagePixels / 4;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * kQuads) return;
  const int i = t / kQuads;
  const int q = t - i * kQuads;
  const int index = order ? order[*cursor + i] : first + i;
  const std::uint8_t* image = images + static_cast<std::size_t>(index) * kImagePixels;
  if (q == 0) batch_labels[i] = labels[index];
  if (control && (control->augment.max_degrees > 0.0f || control->augment.max_shift > 0.0f)) {
    const AugmentTransform transform = augment_transform(control->augment, control->step, i);
    float v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const int p = 4 * q + k;
      v[k] = augmented_pixel(image, transform, p % kImageSide, p / kImageSide);
    }
    reinterpret_cast<float4*>(x)[t] = make_float4(v[0], v[1], v[2], v[3]);
    return;
  }
  const uchar4 p = reinterpret_cast<const uchar4*>(image)[q];
  constexpr float kScale = 1.0f / 255.0f;
  reinterpret_cast<float4*>(x)[t] = make_float4(p.x * kScale, p.y * kScale, p.z * kScale, p.w * kScale);
}

// conv1 + bias + ReLU + 2x2 max-pool, directly: one thread per (image, 2x2 output cell)
// reads its 4x4 input patch once and produces that cell for all 32 channels.
constexpr int kConv1Threads = 128;
__global__ void __launch_bounds__(kConv1Threads)
conv1_forward_kernel(const float* __restrict__ x, const float* __restrict__ weight, const float* __restrict__ bias,
                     int batch, float* __restrict__ a1, float* __restrict__ p1) {
  constexpr int kOut = 26, kPooled = 13, kCells = kPooled * kPooled, kChannels = 32;
  __shared__ float s_w[kChannels * 9];
  __shared__ float s_b[kChannels];
  for (int i = threadIdx.x; i < kChannels * 9; i += blockDim.x) s_w[i] = weight[i];
  if (threadIdx.x < kChannels) s_b[threadIdx.x] = bias[threadIdx.x];
  __syncthreads();
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * kCells) return;
  const int n = t / kCells;
  const int cell = t - n * kCells;
  const int cy = cell / kPooled, cx = cell - cy * kPooled;
  const float* in = x + n * kImagePixels + 2 * cy * kImageSide + 2 * cx;
  float patch[4][4];
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int c = 0; c < 4; ++c) patch[r][c] = in[r * kImageSide + c];
  for (int ch = 0; ch < kChannels; ++ch) {
    const float* w = s_w + ch * 9;
    float best = 0.0f;
    float* out = a1 + (static_cast<std::size_t>(ch) * batch + n) * kOut * kOut + 2 * cy * kOut + 2 * cx;
#pragma unroll
    for (int dy = 0; dy < 2; ++dy)
#pragma unroll
      for (int dx = 0; dx < 2; ++dx) {
        float z = 0.0f;
#pragma unroll
        for (int ky = 0; ky < 3; ++ky)
#pragma unroll
          for (int kx = 0; kx < 3; ++kx) z += w[ky * 3 + kx] * patch[dy + ky][dx + kx];
        const float v = fmaxf(z + s_b[ch], 0.0f);
        out[dy * kOut + dx] = v;
        best = fmaxf(best, v);
      }
    p1[(static_cast<std::size_t>(ch) * batch + n) * kCells + cell] = best;
  }
}

// The dense head for one image per block: conv3's bias and ReLU (flatten), dense 64 ReLU,
// dense 10, softmax; when training also the loss and the backward pass down to conv3's
// output gradient dz3 (CNHW), masked by its ReLU. Sums over a warp use shuffles in a
// fixed order.
constexpr int kHeadThreads = 256;
constexpr int kHeadWarps = kHeadThreads / 32;

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

template <bool kTrain>
__global__ void __launch_bounds__(kHeadThreads)
head_kernel(const float* __restrict__ z3, Blocks params, const int* __restrict__ labels, int batch,
            float* __restrict__ flat, float* __restrict__ h, float* __restrict__ probs, float* __restrict__ dlogits,
            float* __restrict__ dh, float* __restrict__ dz3, float* __restrict__ sample_loss,
            int* __restrict__ sample_correct) {
  constexpr int kPixels = 9;  // conv3's 3x3 output
  __shared__ float s_flat[kFlatten];
  __shared__ float s_h[kHidden];
  __shared__ float s_logits[kClasses];
  __shared__ float s_dlogits[kClasses];
  __shared__ float s_dh[kHidden];
  const int n = blockIdx.x;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float* b3 = params.w[kConv3Bias];
  const float* w4 = params.w[kDense1Weight];
  const float* b4 = params.w[kDense1Bias];
  const float* w5 = params.w[kDense2Weight];
  const float* b5 = params.w[kDense2Bias];

  for (int f = threadIdx.x; f < kFlatten; f += kHeadThreads) {
    const int c = f / kPixels, p = f - c * kPixels;
    const float v = fmaxf(z3[(c * batch + n) * kPixels + p] + b3[c], 0.0f);
    s_flat[f] = v;
    flat[n * kFlatten + f] = v;
  }
  __syncthreads();
  for (int u = warp; u < kHidden; u += kHeadWarps) {
    float sum = 0.0f;
    for (int k = lane; k < kFlatten; k += 32) sum += s_flat[k] * w4[u * kFlatten + k];
    sum = warp_sum(sum);
    if (lane == 0) {
      const float v = fmaxf(sum + b4[u], 0.0f);
      s_h[u] = v;
      h[n * kHidden + u] = v;
    }
  }
  __syncthreads();
  for (int i = warp; i < kClasses; i += kHeadWarps) {
    const float sum = warp_sum(s_h[lane] * w5[i * kHidden + lane] + s_h[lane + 32] * w5[i * kHidden + lane + 32]);
    if (lane == 0) s_logits[i] = sum + b5[i];
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float p[kClasses];
    const int label = kTrain ? labels[n] : 0;
    const float loss = softmax_cross_entropy(s_logits, label, p);
    for (int i = 0; i < kClasses; ++i) probs[n * kClasses + i] = p[i];
    if (kTrain) {
      sample_loss[n] = loss;
      sample_correct[n] = argmax10(p) == label ? 1 : 0;
      for (int i = 0; i < kClasses; ++i) {
        s_dlogits[i] = (p[i] - (i == label ? 1.0f : 0.0f)) / batch;
        dlogits[n * kClasses + i] = s_dlogits[i];
      }
    }
  }
  if (!kTrain) return;
  __syncthreads();
  if (threadIdx.x < kHidden) {
    const int j = threadIdx.x;
    float g = 0.0f;
    for (int i = 0; i < kClasses; ++i) g += s_dlogits[i] * w5[i * kHidden + j];
    g = s_h[j] > 0.0f ? g : 0.0f;
    s_dh[j] = g;
    dh[n * kHidden + j] = g;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kFlatten; k += kHeadThreads) {
    float g = 0.0f;
    for (int j = 0; j < kHidden; ++j) g += s_dh[j] * w4[j * kFlatten + k];
    const int c = k / kPixels, p = k - c * kPixels;
    dz3[(c * batch + n) * kPixels + p] = s_flat[k] > 0.0f ? g : 0.0f;
  }
}

// The batch sums of the head: conv3's bias gradient (one warp per channel, first so that
// its warps are whole), dense1 and dense2 weight and bias gradients, and, in one thread,
// the batch loss, the metrics and the step's Adam scalars. Sums run in image order.
constexpr int kConv3BiasThreads = 64 * 32;
constexpr int kHeadGradientThreads =
    kConv3BiasThreads + kHidden * kFlatten + kHidden + kClasses * kHidden + kClasses + 1;

__global__ void head_gradients_kernel(const float* __restrict__ flat, const float* __restrict__ h,
                                      const float* __restrict__ dlogits, const float* __restrict__ dh,
                                      const float* __restrict__ dz3, const float* __restrict__ sample_loss,
                                      const int* __restrict__ sample_correct, int batch, Blocks grads,
                                      DeviceControl* control, DeviceMetrics* metrics) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < kConv3BiasThreads) {  // warp c sums channel c's batch*9 values
    const int c = t / 32, lane = t % 32;
    const int count = batch * 9;
    const float* row = dz3 + static_cast<std::size_t>(c) * count;
    float sum = 0.0f;
    for (int j = lane; j < count; j += 32) sum += row[j];
    sum = warp_sum(sum);
    if (lane == 0) grads.w[kConv3Bias][c] = sum;
    return;
  }
  t -= kConv3BiasThreads;
  if (t < kHidden * kFlatten) {
    const int j = t / kFlatten, k = t - j * kFlatten;
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dh[n * kHidden + j] * flat[n * kFlatten + k];
    grads.w[kDense1Weight][t] = sum;
    return;
  }
  t -= kHidden * kFlatten;
  if (t < kHidden) {
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dh[n * kHidden + t];
    grads.w[kDense1Bias][t] = sum;
    return;
  }
  t -= kHidden;
  if (t < kClasses * kHidden) {
    const int i = t / kHidden, j = t - i * kHidden;
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dlogits[n * kClasses + i] * h[n * kHidden + j];
    grads.w[kDense2Weight][t] = sum;
    return;
  }
  t -= kClasses * kHidden;
  if (t < kClasses) {
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dlogits[n * kClasses + t];
    grads.w[kDense2Bias][t] = sum;
    return;
  }
  t -= kClasses;
  if (t == 0) {
    float loss = 0.0f;
    int correct = 0;
    for (int n = 0; n < batch; ++n) {
      loss += sample_loss[n];
      correct += sample_correct[n];
    }
    const int step = control->step + 1;
    control->step = step;
    const double bc1 = 1.0 - pow(static_cast<double>(control->beta1), step);
    const double bc2 = 1.0 - pow(static_cast<double>(control->beta2), step);
    control->step_size = static_cast<float>(control->learning_rate / bc1);
    control->inv_sqrt_bc2 = static_cast<float>(1.0 / sqrt(bc2));
    control->cursor += batch;
    metrics->loss[(step - 1) % kMetricsRing] = loss / batch;
    metrics->correct[(step - 1) % kMetricsRing] = correct;
  }
}
static_assert(kConv3BiasThreads % 32 == 0 && kThreads % 32 == 0, "conv3 bias warps must be whole");

// conv1's weight and bias gradients straight from dz1 and the input images:
//   dW[c][ky*3+kx] = sum over (n, y, x) of dz1[c][n][y][x] * x[n][y+ky][x+kx], db[c] = sum dz1.
// Block (segment, c) sums one segment of the batch's positions; the last block of a
// channel to finish (a ticket counter) adds the segments' partial sums in order.
constexpr int kConv1GradThreads = 256;
__global__ void __launch_bounds__(kConv1GradThreads)
conv1_gradients_kernel(const float* __restrict__ dz1, const float* __restrict__ x, int batch,
                       float* __restrict__ partials, unsigned int* __restrict__ tickets, float* __restrict__ dweight,
                       float* __restrict__ dbias) {
  constexpr int kOut = 26, kPixels = kOut * kOut;
  __shared__ float s_sum[kConv1GradientSums][kConv1GradThreads];
  __shared__ bool s_last;
  const int c = blockIdx.y, segment = blockIdx.x;
  const int total = batch * kPixels;
  const int per_segment = (total + kConv1Segments - 1) / kConv1Segments;
  const int begin = segment * per_segment, end = min(total, begin + per_segment);
  const float* row = dz1 + static_cast<std::size_t>(c) * total;
  float acc[kConv1GradientSums];
#pragma unroll
  for (int i = 0; i < kConv1GradientSums; ++i) acc[i] = 0.0f;
  for (int j = begin + threadIdx.x; j < end; j += kConv1GradThreads) {
    const float g = row[j];
    if (g == 0.0f) continue;  // most of dz1 is zero (pooling and ReLU)
    const int n = j / kPixels, p = j - n * kPixels;
    const int y = p / kOut, xq = p - y * kOut;
    const float* in = x + n * kImagePixels + y * kImageSide + xq;
#pragma unroll
    for (int ky = 0; ky < 3; ++ky)
#pragma unroll
      for (int kx = 0; kx < 3; ++kx) acc[ky * 3 + kx] += g * in[ky * kImageSide + kx];
    acc[9] += g;
  }
#pragma unroll
  for (int i = 0; i < kConv1GradientSums; ++i) s_sum[i][threadIdx.x] = acc[i];
  __syncthreads();
  for (int stride = kConv1GradThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
#pragma unroll
      for (int i = 0; i < kConv1GradientSums; ++i) s_sum[i][threadIdx.x] += s_sum[i][threadIdx.x + stride];
    __syncthreads();
  }
  float* mine = partials + (c * kConv1Segments + segment) * kConv1GradientSums;
  if (threadIdx.x < kConv1GradientSums) mine[threadIdx.x] = s_sum[threadIdx.x][0];
  __threadfence();  // publish the partial sums before taking a ticket
  __syncthreads();
  if (threadIdx.x == 0) s_last = atomicAdd(&tickets[c], 1u) == kConv1Segments - 1;
  __syncthreads();
  if (!s_last) return;
  if (threadIdx.x < kConv1GradientSums) {
    float sum = 0.0f;
    for (int s = 0; s < kConv1Segments; ++s)
      sum += __ldcg(partials + (c * kConv1Segments + s) * kConv1GradientSums + threadIdx.x);
    if (threadIdx.x < 9) dweight[c * 9 + threadIdx.x] = sum;
    else dbias[c] = sum;
  }
  if (threadIdx.x == 0) tickets[c] = 0;  // ready for the next step
}

// Row-major C[m][n] = op(A) op(B), through cuBLAS on the context's stream.
Status gemm(const Context& ctx, bool ta, bool tb, int m, int n, int k, const float* a, int lda,
            const float* b, int ldb, float* c, int ldc, const char* what) {
  return ctx.blas->row_major_sgemm(ta, tb, m, n, k, a, lda, b, ldb, 0.0f, c, ldc, what);
}

// Weight and bias gradients of conv2 or conv3 from dz ([out][B*pixels]) and its columns;
// the column gradient dcol = W^T dz for the layer below.
Status conv_weight_and_input_gradients(const Context& ctx, const ConvGeometry& g, const float* weights,
                                       const float* col, const float* dz, int batch, float* dweights, float* dcol) {
  const int columns = batch * g.out_pixels();
  if (Status s = gemm(ctx, false, true, g.out_channels, g.patch(), columns, dz, columns, col, columns, dweights,
                      g.patch(), "conv weight-gradient GEMM");
      !s)
    return s;
  return gemm(ctx, true, false, g.patch(), columns, g.out_channels, weights, g.patch(), dz, columns, dcol, columns,
              "conv input-gradient GEMM");
}

// The convolutions forward, up to conv3's product z3 (its bias and ReLU are the head's).
Status enqueue_convolutions(const Context& ctx, const Blocks& p, Workspace& ws, int batch) {
  conv1_forward_kernel<<<(batch * 169 + kConv1Threads - 1) / kConv1Threads, kConv1Threads, 0, ctx.stream>>>(
      ws.x, p.w[kConv1Weight], p.w[kConv1Bias], batch, ws.a1, ws.p1);
  WHYGPU_CUDA_TRY_LAUNCH("conv1_forward_kernel");
  if (Status s = enqueue_im2col(ctx, kConv2, ws.p1, batch, ws.col2); !s) return s;
  const int n2 = batch * kConv2.out_pixels();
  if (Status s = gemm(ctx, false, false, kConv2.out_channels, n2, kConv2.patch(), p.w[kConv2Weight], kConv2.patch(),
                      ws.col2, n2, ws.a2, n2, "conv2 GEMM");
      !s)
    return s;
  if (Status s = enqueue_bias_relu_pool(ctx, kConv2, ws.a2, p.w[kConv2Bias], batch, ws.p2); !s) return s;
  if (Status s = enqueue_im2col(ctx, kConv3, ws.p2, batch, ws.col3); !s) return s;
  const int n3 = batch * kConv3.out_pixels();
  return gemm(ctx, false, false, kConv3.out_channels, n3, kConv3.patch(), p.w[kConv3Weight], kConv3.patch(), ws.col3,
              n3, ws.z3, n3, "conv3 GEMM");
}

Status check_batch(const Workspace& ws, int batch, bool backward) {
  if (batch < 1 || batch > ws.capacity() || (backward && !ws.has_backward()))
    return Status::error(
        Wording::sentence(N_("the CNN workspace has no room for batch {0}"), {std::to_string(batch)}));
  return Status::ok();
}

}  // namespace

Status allocate_pieces(const WorkspacePiece* pieces, std::size_t count, const std::string& what, void** memory,
                       std::size_t* bytes) {
  constexpr std::size_t kAlign = 256;
  const auto aligned = [](std::size_t n) { return (n + kAlign - 1) / kAlign * kAlign; };
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) total += aligned(pieces[i].bytes);
  WHYGPU_CUDA_TRY_NAMED(cudaMalloc(memory, total),
                        ("cudaMalloc of " + what + " (" + std::to_string(total >> 20) + " MiB)").c_str());
  *bytes = total;
  std::size_t offset = 0;
  for (std::size_t i = 0; i < count; ++i) {
    *pieces[i].ptr = pieces[i].bytes ? static_cast<char*>(*memory) + offset : nullptr;
    offset += aligned(pieces[i].bytes);
  }
  return Status::ok();
}

DeviceControl initial_control(const AdamConfig& adam, const AugmentState& augment) {
  DeviceControl c{};
  c.learning_rate = adam.learning_rate;
  c.beta1 = adam.beta1;
  c.beta2 = adam.beta2;
  c.epsilon = adam.epsilon;
  c.augment = augment;
  return c;
}

Workspace::~Workspace() { release(); }

void Workspace::release() {
  if (memory_) cudaFree(memory_);
  if (tickets_) cudaFree(tickets_);
  memory_ = nullptr;
  tickets_ = nullptr;
  bytes_ = 0;
  capacity_ = 0;
}

Status Workspace::reserve(int batch, bool with_backward) {
  if (batch <= capacity_ && (with_backward_ || !with_backward)) return Status::ok();
  release();
  const std::size_t b = static_cast<std::size_t>(batch);
  const std::size_t g = with_backward ? b : 0;
  const WorkspacePiece pieces[] = {  // bytes, of 4-byte elements
      {reinterpret_cast<void**>(&x), 4 * b * kImagePixels},
      {reinterpret_cast<void**>(&a1), 4 * kConv1.out_channels * b * kConv1.out_pixels()},
      {reinterpret_cast<void**>(&p1), 4 * kConv1.out_channels * b * kConv1.pooled_pixels()},
      {reinterpret_cast<void**>(&col2), 4 * kConv2.patch() * b * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&a2), 4 * kConv2.out_channels * b * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&p2), 4 * kConv2.out_channels * b * kConv2.pooled_pixels()},
      {reinterpret_cast<void**>(&col3), 4 * kConv3.patch() * b * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&z3), 4 * kConv3.out_channels * b * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&flat), 4 * b * kFlatten},
      {reinterpret_cast<void**>(&h), 4 * b * kHidden},
      {reinterpret_cast<void**>(&probs), 4 * b * kClasses},
      {reinterpret_cast<void**>(&labels), 4 * b},
      {reinterpret_cast<void**>(&dlogits), 4 * g * kClasses},
      {reinterpret_cast<void**>(&dh), 4 * g * kHidden},
      {reinterpret_cast<void**>(&dz3), 4 * g * kFlatten},
      {reinterpret_cast<void**>(&dcol3), 4 * kConv3.patch() * g * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&dz2), 4 * kConv2.out_channels * g * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&dcol2), 4 * kConv2.patch() * g * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&dz1), 4 * kConv1.out_channels * g * kConv1.out_pixels()},
      {reinterpret_cast<void**>(&sample_loss), 4 * g},
      {reinterpret_cast<void**>(&sample_correct), 4 * g},
      {reinterpret_cast<void**>(&conv1_partials),
       with_backward ? 4 * std::size_t{32} * kConv1Segments * kConv1GradientSums : 0},
  };
  if (Status s = allocate_pieces(pieces, std::size(pieces), "the CNN workspace for batch " + std::to_string(batch),
                                 &memory_, &bytes_);
      !s)
    return s;
  conv1_tickets = nullptr;
  if (with_backward) {
    WHYGPU_CUDA_TRY(cudaMalloc(&tickets_, 32 * sizeof(unsigned int)));
    WHYGPU_CUDA_TRY(cudaMemset(tickets_, 0, 32 * sizeof(unsigned int)));
    conv1_tickets = static_cast<unsigned int*>(tickets_);
  }
  capacity_ = batch;
  with_backward_ = with_backward;
  return Status::ok();
}

Status Workspace::poison(cudaStream_t stream) {
  WHYGPU_CUDA_TRY(cudaMemsetAsync(memory_, 0xFF, bytes_, stream));
  return Status::ok();
}

Status enqueue_load_images(const Context& ctx, const std::uint8_t* images, const std::uint8_t* labels,
                           const int* order, const int* cursor, int first, int batch,
                           const DeviceControl* control, float* x, int* batch_labels) {
  load_batch_kernel<<<blocks_for(static_cast<long long>(batch) * (kImagePixels / 4)), kThreads, 0, ctx.stream>>>(
      images, labels, order, cursor, first, batch, control, x, batch_labels);
  WHYGPU_CUDA_TRY_LAUNCH("load_batch_kernel");
  return Status::ok();
}

Status enqueue_load_batch(const Context& ctx, const std::uint8_t* images, const std::uint8_t* labels,
                          const int* order, const int* cursor, int first, int batch, Workspace& ws,
                          const DeviceControl* control) {
  if (Status s = check_batch(ws, batch, false); !s) return s;
  return enqueue_load_images(ctx, images, labels, order, cursor, first, batch, control, ws.x, ws.labels);
}

Status enqueue_forward(const Context& ctx, const float* params, Workspace& ws, int batch) {
  if (Status s = check_batch(ws, batch, false); !s) return s;
  const Blocks p = blocks_of(params);
  if (Status s = enqueue_convolutions(ctx, p, ws, batch); !s) return s;
  head_kernel<false><<<batch, kHeadThreads, 0, ctx.stream>>>(ws.z3, p, nullptr, batch, ws.flat, ws.h, ws.probs,
                                                             nullptr, nullptr, nullptr, nullptr, nullptr);
  WHYGPU_CUDA_TRY_LAUNCH("head_kernel");
  return Status::ok();
}

Status enqueue_forward_backward(const Context& ctx, const float* params, Workspace& ws, int batch, float* grads,
                                DeviceControl* control, DeviceMetrics* metrics, const GradientsReady& ready) {
  const auto finished = [&](int first_block, int end_block) {
    return ready ? ready(first_block, end_block) : Status::ok();
  };
  if (Status s = check_batch(ws, batch, true); !s) return s;
  const Blocks p = blocks_of(params);
  const Blocks g = blocks_of(grads);
  if (Status s = enqueue_convolutions(ctx, p, ws, batch); !s) return s;
  // Dense head forward and backward, one block per image; then its batch sums.
  head_kernel<true><<<batch, kHeadThreads, 0, ctx.stream>>>(ws.z3, p, ws.labels, batch, ws.flat, ws.h, ws.probs,
                                                            ws.dlogits, ws.dh, ws.dz3, ws.sample_loss,
                                                            ws.sample_correct);
  WHYGPU_CUDA_TRY_LAUNCH("head_kernel");
  head_gradients_kernel<<<blocks_for(kHeadGradientThreads), kThreads, 0, ctx.stream>>>(
      ws.flat, ws.h, ws.dlogits, ws.dh, ws.dz3, ws.sample_loss, ws.sample_correct, batch, g, control, metrics);
  WHYGPU_CUDA_TRY_LAUNCH("head_gradients_kernel");
  if (Status s = finished(kConv3Bias, kParamBlockCount); !s) return s;
  // conv3 (its bias gradient came with the head's sums)
  if (Status s = conv_weight_and_input_gradients(ctx, kConv3, p.w[kConv3Weight], ws.col3, ws.dz3, batch,
                                                 g.w[kConv3Weight], ws.dcol3);
      !s)
    return s;
  if (Status s = finished(kConv3Weight, kConv3Bias); !s) return s;
  // conv2
  if (Status s = enqueue_pool_relu_backward(ctx, kConv2, kConv3, ws.dcol3, ws.a2, batch, ws.dz2); !s) return s;
  if (Status s = enqueue_row_sums(ctx, ws.dz2, kConv2.out_channels, batch * kConv2.out_pixels(), g.w[kConv2Bias]); !s)
    return s;
  if (Status s = conv_weight_and_input_gradients(ctx, kConv2, p.w[kConv2Weight], ws.col2, ws.dz2, batch,
                                                 g.w[kConv2Weight], ws.dcol2);
      !s)
    return s;
  if (Status s = finished(kConv2Weight, kConv3Weight); !s) return s;
  // conv1
  if (Status s = enqueue_pool_relu_backward(ctx, kConv1, kConv2, ws.dcol2, ws.a1, batch, ws.dz1); !s) return s;
  conv1_gradients_kernel<<<dim3(kConv1Segments, kConv1.out_channels), kConv1GradThreads, 0, ctx.stream>>>(
      ws.dz1, ws.x, batch, ws.conv1_partials, ws.conv1_tickets, g.w[kConv1Weight], g.w[kConv1Bias]);
  WHYGPU_CUDA_TRY_LAUNCH("conv1_gradients_kernel");
  return finished(kConv1Weight, kConv2Weight);
}

}  // namespace whygpu::cnn::gpu
