#include "compute/cnn/gpu_network.cuh"

#include <algorithm>
#include <string>

#include "compute/core/cuda_check.h"

namespace whygpu::cnn::gpu {
namespace {

constexpr int kThreads = 256;

int blocks_for(long long n) { return static_cast<int>((n + kThreads - 1) / kThreads); }

__global__ void load_batch_kernel(const std::uint8_t* __restrict__ images,
                                  const std::uint8_t* __restrict__ labels, const int* __restrict__ order,
                                  const int* __restrict__ cursor, int first, int batch,
                                  float* __restrict__ x, int* __restrict__ batch_labels) {
  constexpr int kQuads = kImagePixels / 4;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * kQuads) return;
  const int i = t / kQuads;
  const int q = t - i * kQuads;
  const int index = order ? order[*cursor + i] : first + i;
  const uchar4 p = reinterpret_cast<const uchar4*>(images + static_cast<std::size_t>(index) * kImagePixels)[q];
  constexpr float kScale = 1.0f / 255.0f;
  reinterpret_cast<float4*>(x)[t] = make_float4(p.x * kScale, p.y * kScale, p.z * kScale, p.w * kScale);
  if (q == 0) batch_labels[i] = labels[index];
}

__global__ void im2col_kernel(const float* __restrict__ in, int batch, int in_side, int out_side,
                              int rows, float* __restrict__ col) {
  const int columns = batch * out_side * out_side;
  const long long total = static_cast<long long>(rows) * columns;
  for (long long e = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; e < total;
       e += static_cast<long long>(gridDim.x) * blockDim.x) {
    const int k = static_cast<int>(e / columns);
    const int j = static_cast<int>(e - static_cast<long long>(k) * columns);
    col[e] = in[im2col_source(k, j, batch, in_side, out_side)];
  }
}

// In place z = relu(z + bias[c]) over [C][B][side][side]; then the 2x2 max-pool. One
// thread per 2x2 cell (cells past an odd edge hold fewer elements and pool nothing).
__global__ void bias_relu_pool_kernel(float* __restrict__ z, const float* __restrict__ bias, int channels,
                                      int batch, int side, int pooled_side, float* __restrict__ pooled) {
  const int cells_side = (side + 1) / 2;
  const int cells = cells_side * cells_side;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= channels * batch * cells) return;
  const int map = t / cells;  // c * batch + n
  const int cell = t - map * cells;
  const int cy = cell / cells_side, cx = cell - cy * cells_side;
  const float b = bias[map / batch];
  float* base = z + static_cast<std::size_t>(map) * side * side;
  float best = 0.0f;  // ReLU outputs are >= 0
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx) {
      const int y = 2 * cy + dy, x = 2 * cx + dx;
      if (y < side && x < side) {
        const float v = fmaxf(base[y * side + x] + b, 0.0f);
        base[y * side + x] = v;
        best = fmaxf(best, v);
      }
    }
  if (cy < pooled_side && cx < pooled_side)
    pooled[static_cast<std::size_t>(map) * pooled_side * pooled_side + cy * pooled_side + cx] = best;
}

// flat[n][c*9+p] = relu(z3[c][n*9+p] + bias[c]).
__global__ void bias_relu_flatten_kernel(const float* __restrict__ z3, const float* __restrict__ bias,
                                         int batch, float* __restrict__ flat) {
  constexpr int kPixels = kConv3.out_side * kConv3.out_side;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * kFlatten) return;
  const int n = t / kFlatten;
  const int f = t - n * kFlatten;
  const int c = f / kPixels, p = f - c * kPixels;
  flat[t] = fmaxf(z3[(c * batch + n) * kPixels + p] + bias[c], 0.0f);
}

// values[r][j] = relu(values[r][j] + bias[j]) for a [rows][columns] matrix.
__global__ void bias_relu_rows_kernel(float* __restrict__ values, const float* __restrict__ bias, int rows,
                                      int columns) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * columns) return;
  values[t] = fmaxf(values[t] + bias[t % columns], 0.0f);
}

__global__ void softmax_kernel(const float* __restrict__ logits, const float* __restrict__ bias, int batch,
                               float* __restrict__ probs) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= batch) return;
  float l[kClasses];
  for (int j = 0; j < kClasses; ++j) l[j] = logits[n * kClasses + j] + bias[j];
  softmax_cross_entropy(l, 0, probs + n * kClasses);
}

// One block: per-sample softmax cross-entropy, dlogits = (p - onehot) / batch, the batch's
// mean loss and correct count, the output-bias gradient, and the step's bookkeeping.
// A single block keeps every sum in a fixed order, so results repeat exactly.
constexpr int kLossThreads = 256;
__global__ void __launch_bounds__(kLossThreads)
loss_kernel(const float* __restrict__ logits, const float* __restrict__ bias, const int* __restrict__ labels,
            int batch, float* __restrict__ probs, float* __restrict__ dlogits, float* __restrict__ dbias,
            DeviceControl* control, DeviceMetrics* metrics) {
  __shared__ float s_loss[kLossThreads];
  __shared__ int s_correct[kLossThreads];
  float loss = 0.0f;
  int correct = 0;
  const float inv_batch = 1.0f / batch;
  for (int n = threadIdx.x; n < batch; n += kLossThreads) {
    float l[kClasses], p[kClasses];
    for (int j = 0; j < kClasses; ++j) l[j] = logits[n * kClasses + j] + bias[j];
    const int label = labels[n];
    loss += softmax_cross_entropy(l, label, p);
    correct += argmax10(p) == label ? 1 : 0;
    for (int j = 0; j < kClasses; ++j) {
      probs[n * kClasses + j] = p[j];
      dlogits[n * kClasses + j] = (p[j] - (j == label ? 1.0f : 0.0f)) * inv_batch;
    }
  }
  s_loss[threadIdx.x] = loss;
  s_correct[threadIdx.x] = correct;
  __syncthreads();
  for (int stride = kLossThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      s_loss[threadIdx.x] += s_loss[threadIdx.x + stride];
      s_correct[threadIdx.x] += s_correct[threadIdx.x + stride];
    }
    __syncthreads();
  }
  if (threadIdx.x < kClasses) {
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dlogits[n * kClasses + threadIdx.x];
    dbias[threadIdx.x] = sum;
  }
  if (threadIdx.x == 0) {
    const int step = control->step + 1;
    control->step = step;
    const double bc1 = 1.0 - pow(static_cast<double>(control->beta1), step);
    const double bc2 = 1.0 - pow(static_cast<double>(control->beta2), step);
    control->step_size = static_cast<float>(control->learning_rate / bc1);
    control->inv_sqrt_bc2 = static_cast<float>(1.0 / sqrt(bc2));
    control->cursor += batch;
    metrics->loss[(step - 1) % kMetricsRing] = s_loss[0] * inv_batch;
    metrics->correct[(step - 1) % kMetricsRing] = s_correct[0];
  }
}

// dh *= (h > 0) over [batch][columns], and dbias[j] = sum over the batch of dh[.][j].
__global__ void relu_mask_column_sums_kernel(float* __restrict__ dh, const float* __restrict__ h, int batch,
                                             int columns, float* __restrict__ dbias) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= columns) return;
  float sum = 0.0f;
  for (int n = 0; n < batch; ++n) {
    const int i = n * columns + j;
    const float g = h[i] > 0.0f ? dh[i] : 0.0f;
    dh[i] = g;
    sum += g;
  }
  dbias[j] = sum;
}

// dz3[c][n*9+p] = flat[n][c*9+p] > 0 ? dflat[n][c*9+p] : 0.
__global__ void unflatten_relu_mask_kernel(const float* __restrict__ dflat, const float* __restrict__ flat,
                                           int batch, float* __restrict__ dz3) {
  constexpr int kPixels = kConv3.out_side * kConv3.out_side;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * kFlatten) return;
  const int n = t / kFlatten;
  const int f = t - n * kFlatten;
  const int c = f / kPixels, p = f - c * kPixels;
  dz3[(c * batch + n) * kPixels + p] = flat[t] > 0.0f ? dflat[t] : 0.0f;
}

// out[r] = sum of row r of a [rows][columns] matrix; one block per row, fixed order.
__global__ void row_sums_kernel(const float* __restrict__ values, int columns, float* __restrict__ out) {
  __shared__ float partial[kThreads];
  const float* row = values + static_cast<std::size_t>(blockIdx.x) * columns;
  float sum = 0.0f;
  for (int j = threadIdx.x; j < columns; j += kThreads) sum += row[j];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

// Gradient at the pre-pool ReLU output a of the previous conv ([C][B][side][side]): the
// column gradient of the next conv folded back (col2im) onto the pooled map, routed to
// each window's argmax, masked by the ReLU.
__global__ void pool_relu_backward_kernel(const float* __restrict__ dcol, const float* __restrict__ a,
                                          int channels, int batch, int side, int pooled_side,
                                          int next_out_side, float* __restrict__ dz) {
  const int pixels = side * side;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= channels * batch * pixels) return;
  const int map = t / pixels;
  const int p = t - map * pixels;
  const int y = p / side, x = p - y * side;
  const int c = map / batch, n = map - c * batch;
  const int py = y / 2, px = x / 2;
  float g = 0.0f;
  const float* base = a + static_cast<std::size_t>(map) * pixels;
  if (py < pooled_side && px < pooled_side && base[p] > 0.0f &&
      pool_argmax(base + 2 * py * side + 2 * px, side) == (y % 2) * 2 + x % 2)
    g = col2im_gather(dcol, c, n, py, px, batch, next_out_side);
  dz[t] = g;
}

__global__ void adam_kernel(float* __restrict__ params, const float* __restrict__ grads, float* __restrict__ m,
                            float* __restrict__ v, const DeviceControl* __restrict__ control) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kParameterCount) return;
  adam_update(params[i], m[i], v[i], grads[i], control->beta1, control->beta2, control->epsilon,
              control->step_size, control->inv_sqrt_bc2);
}

// Row-major C[m][n] = op(A) op(B) (+ beta C): cuBLAS is column-major, so it computes
// C^T = op(B)^T op(A)^T with the operands swapped.
Status gemm(const Context& ctx, bool ta, bool tb, int m, int n, int k, const float* a, int lda,
            const float* b, int ldb, float* c, int ldc, const char* what) {
  const float one = 1.0f, zero = 0.0f;
  return blas_status(cublasSgemm(ctx.blas, tb ? CUBLAS_OP_T : CUBLAS_OP_N, ta ? CUBLAS_OP_T : CUBLAS_OP_N, n, m,
                                 k, &one, b, ldb, a, lda, &zero, c, ldc),
                     what);
}

const float* block(const float* params, ParamBlockId id) { return params + kParamBlocks[id].offset; }
float* block(float* params, ParamBlockId id) { return params + kParamBlocks[id].offset; }

Status im2col(const Context& ctx, const ConvGeometry& g, const float* in, int batch, float* col) {
  const long long total = static_cast<long long>(g.patch()) * batch * g.out_pixels();
  const int blocks = static_cast<int>(std::min<long long>(blocks_for(total), 65535LL * 4));
  im2col_kernel<<<blocks, kThreads, 0, ctx.stream>>>(in, batch, g.in_side, g.out_side, g.patch(), col);
  WHYGPU_CUDA_TRY_LAUNCH("im2col_kernel");
  return Status::ok();
}

Status conv_forward(const Context& ctx, const ConvGeometry& g, const float* weights, const float* in, int batch,
                    float* col, float* out) {
  if (Status s = im2col(ctx, g, in, batch, col); !s) return s;
  const int columns = batch * g.out_pixels();
  return gemm(ctx, false, false, g.out_channels, columns, g.patch(), weights, g.patch(), col, columns, out, columns,
              "conv forward GEMM");
}

Status bias_relu_pool(const Context& ctx, const ConvGeometry& g, const float* bias, int batch, float* z,
                      float* pooled) {
  const int cells = (g.out_side + 1) / 2;
  bias_relu_pool_kernel<<<blocks_for(static_cast<long long>(g.out_channels) * batch * cells * cells), kThreads, 0,
                          ctx.stream>>>(z, bias, g.out_channels, batch, g.out_side, g.pooled_side, pooled);
  WHYGPU_CUDA_TRY_LAUNCH("bias_relu_pool_kernel");
  return Status::ok();
}

// Weight and bias gradients of a conv from dz ([out][B*pixels]); optionally the column
// gradient dcol = W^T dz for the layer below.
Status conv_backward(const Context& ctx, const ConvGeometry& g, const float* weights, const float* col,
                     const float* dz, int batch, float* dweights, float* dbias, float* dcol) {
  const int columns = batch * g.out_pixels();
  row_sums_kernel<<<g.out_channels, kThreads, 0, ctx.stream>>>(dz, columns, dbias);
  WHYGPU_CUDA_TRY_LAUNCH("row_sums_kernel");
  if (Status s = gemm(ctx, false, true, g.out_channels, g.patch(), columns, dz, columns, col, columns, dweights,
                      g.patch(), "conv weight-gradient GEMM");
      !s)
    return s;
  if (!dcol) return Status::ok();
  return gemm(ctx, true, false, g.patch(), columns, g.out_channels, weights, g.patch(), dz, columns, dcol, columns,
              "conv input-gradient GEMM");
}

Status pool_relu_backward(const Context& ctx, const ConvGeometry& prev, const ConvGeometry& next, const float* dcol,
                          const float* a, int batch, float* dz) {
  pool_relu_backward_kernel<<<blocks_for(static_cast<long long>(prev.out_channels) * batch * prev.out_pixels()),
                              kThreads, 0, ctx.stream>>>(dcol, a, prev.out_channels, batch, prev.out_side,
                                                         prev.pooled_side, next.out_side, dz);
  WHYGPU_CUDA_TRY_LAUNCH("pool_relu_backward_kernel");
  return Status::ok();
}

}  // namespace

Status blas_status(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return Status::ok();
  return Status::error(std::string(what) + ": cuBLAS error " + cublasGetStatusName(status) + " (" +
                       cublasGetStatusString(status) + ")");
}

Workspace::~Workspace() { release(); }

void Workspace::release() {
  if (memory_) cudaFree(memory_);
  memory_ = nullptr;
  bytes_ = 0;
  capacity_ = 0;
}

Status Workspace::reserve(int batch, bool with_backward) {
  if (batch <= capacity_ && (with_backward_ || !with_backward)) return Status::ok();
  release();
  const std::size_t b = static_cast<std::size_t>(batch);
  const std::size_t g = with_backward ? b : 0;
  struct Piece {
    void** ptr;
    std::size_t count;  // 4-byte elements
  };
  const Piece pieces[] = {
      {reinterpret_cast<void**>(&x), b * kImagePixels},
      {reinterpret_cast<void**>(&col1), kConv1.patch() * b * kConv1.out_pixels()},
      {reinterpret_cast<void**>(&a1), kConv1.out_channels * b * kConv1.out_pixels()},
      {reinterpret_cast<void**>(&p1), kConv1.out_channels * b * kConv1.pooled_pixels()},
      {reinterpret_cast<void**>(&col2), kConv2.patch() * b * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&a2), kConv2.out_channels * b * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&p2), kConv2.out_channels * b * kConv2.pooled_pixels()},
      {reinterpret_cast<void**>(&col3), kConv3.patch() * b * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&z3), kConv3.out_channels * b * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&flat), b * kFlatten},
      {reinterpret_cast<void**>(&h), b * kHidden},
      {reinterpret_cast<void**>(&logits), b * kClasses},
      {reinterpret_cast<void**>(&probs), b * kClasses},
      {reinterpret_cast<void**>(&labels), b},
      {reinterpret_cast<void**>(&dlogits), g * kClasses},
      {reinterpret_cast<void**>(&dh), g * kHidden},
      {reinterpret_cast<void**>(&dflat), g * kFlatten},
      {reinterpret_cast<void**>(&dz3), g * kFlatten},
      {reinterpret_cast<void**>(&dcol3), kConv3.patch() * g * kConv3.out_pixels()},
      {reinterpret_cast<void**>(&dz2), kConv2.out_channels * g * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&dcol2), kConv2.patch() * g * kConv2.out_pixels()},
      {reinterpret_cast<void**>(&dz1), kConv1.out_channels * g * kConv1.out_pixels()},
  };
  constexpr std::size_t kAlign = 256;
  std::size_t total = 0;
  for (const Piece& piece : pieces) total += (piece.count * 4 + kAlign - 1) / kAlign * kAlign;
  WHYGPU_CUDA_TRY_NAMED(cudaMalloc(&memory_, total),
                        ("cudaMalloc of the CNN workspace for batch " + std::to_string(batch)).c_str());
  bytes_ = total;
  std::size_t offset = 0;
  for (const Piece& piece : pieces) {
    *piece.ptr = piece.count ? static_cast<char*>(memory_) + offset : nullptr;
    offset += (piece.count * 4 + kAlign - 1) / kAlign * kAlign;
  }
  capacity_ = batch;
  with_backward_ = with_backward;
  return Status::ok();
}

Status Workspace::poison(cudaStream_t stream) {
  WHYGPU_CUDA_TRY(cudaMemsetAsync(memory_, 0xFF, bytes_, stream));
  return Status::ok();
}

Status enqueue_load_batch(const Context& ctx, const std::uint8_t* images, const std::uint8_t* labels,
                          const int* order, const int* cursor, int first, int batch, Workspace& ws) {
  load_batch_kernel<<<blocks_for(static_cast<long long>(batch) * (kImagePixels / 4)), kThreads, 0, ctx.stream>>>(
      images, labels, order, cursor, first, batch, ws.x, ws.labels);
  WHYGPU_CUDA_TRY_LAUNCH("load_batch_kernel");
  return Status::ok();
}

Status enqueue_forward(const Context& ctx, const float* params, Workspace& ws, int batch, bool probabilities) {
  if (batch < 1 || batch > ws.capacity())
    return Status::error("forward: batch " + std::to_string(batch) + " outside the workspace's 1.." +
                         std::to_string(ws.capacity()));
  if (Status s = conv_forward(ctx, kConv1, block(params, kConv1Weight), ws.x, batch, ws.col1, ws.a1); !s) return s;
  if (Status s = bias_relu_pool(ctx, kConv1, block(params, kConv1Bias), batch, ws.a1, ws.p1); !s) return s;
  if (Status s = conv_forward(ctx, kConv2, block(params, kConv2Weight), ws.p1, batch, ws.col2, ws.a2); !s) return s;
  if (Status s = bias_relu_pool(ctx, kConv2, block(params, kConv2Bias), batch, ws.a2, ws.p2); !s) return s;
  if (Status s = conv_forward(ctx, kConv3, block(params, kConv3Weight), ws.p2, batch, ws.col3, ws.z3); !s) return s;
  bias_relu_flatten_kernel<<<blocks_for(batch * kFlatten), kThreads, 0, ctx.stream>>>(
      ws.z3, block(params, kConv3Bias), batch, ws.flat);
  WHYGPU_CUDA_TRY_LAUNCH("bias_relu_flatten_kernel");
  if (Status s = gemm(ctx, false, true, batch, kHidden, kFlatten, ws.flat, kFlatten, block(params, kDense1Weight),
                      kFlatten, ws.h, kHidden, "dense1 GEMM");
      !s)
    return s;
  bias_relu_rows_kernel<<<blocks_for(batch * kHidden), kThreads, 0, ctx.stream>>>(ws.h, block(params, kDense1Bias),
                                                                                  batch, kHidden);
  WHYGPU_CUDA_TRY_LAUNCH("bias_relu_rows_kernel");
  if (Status s = gemm(ctx, false, true, batch, kClasses, kHidden, ws.h, kHidden, block(params, kDense2Weight),
                      kHidden, ws.logits, kClasses, "dense2 GEMM");
      !s)
    return s;
  if (probabilities) {
    softmax_kernel<<<blocks_for(batch), kThreads, 0, ctx.stream>>>(ws.logits, block(params, kDense2Bias), batch,
                                                                   ws.probs);
    WHYGPU_CUDA_TRY_LAUNCH("softmax_kernel");
  }
  return Status::ok();
}

Status enqueue_loss_and_backward(const Context& ctx, const float* params, Workspace& ws, int batch, float* grads,
                                 DeviceControl* control, DeviceMetrics* metrics) {
  if (!ws.has_backward() || batch < 1 || batch > ws.capacity())
    return Status::error("backward: the workspace has no room for batch " + std::to_string(batch));
  loss_kernel<<<1, kLossThreads, 0, ctx.stream>>>(ws.logits, block(params, kDense2Bias), ws.labels, batch, ws.probs,
                                                  ws.dlogits, block(grads, kDense2Bias), control, metrics);
  WHYGPU_CUDA_TRY_LAUNCH("loss_kernel");
  // dense2
  if (Status s = gemm(ctx, true, false, kClasses, kHidden, batch, ws.dlogits, kClasses, ws.h, kHidden,
                      block(grads, kDense2Weight), kHidden, "dense2 weight-gradient GEMM");
      !s)
    return s;
  if (Status s = gemm(ctx, false, false, batch, kHidden, kClasses, ws.dlogits, kClasses, block(params, kDense2Weight),
                      kHidden, ws.dh, kHidden, "dense2 input-gradient GEMM");
      !s)
    return s;
  // dense1
  relu_mask_column_sums_kernel<<<1, kHidden, 0, ctx.stream>>>(ws.dh, ws.h, batch, kHidden,
                                                               block(grads, kDense1Bias));
  WHYGPU_CUDA_TRY_LAUNCH("relu_mask_column_sums_kernel");
  if (Status s = gemm(ctx, true, false, kHidden, kFlatten, batch, ws.dh, kHidden, ws.flat, kFlatten,
                      block(grads, kDense1Weight), kFlatten, "dense1 weight-gradient GEMM");
      !s)
    return s;
  if (Status s = gemm(ctx, false, false, batch, kFlatten, kHidden, ws.dh, kHidden, block(params, kDense1Weight),
                      kFlatten, ws.dflat, kFlatten, "dense1 input-gradient GEMM");
      !s)
    return s;
  // conv3
  unflatten_relu_mask_kernel<<<blocks_for(batch * kFlatten), kThreads, 0, ctx.stream>>>(ws.dflat, ws.flat, batch,
                                                                                        ws.dz3);
  WHYGPU_CUDA_TRY_LAUNCH("unflatten_relu_mask_kernel");
  if (Status s = conv_backward(ctx, kConv3, block(params, kConv3Weight), ws.col3, ws.dz3, batch,
                               block(grads, kConv3Weight), block(grads, kConv3Bias), ws.dcol3);
      !s)
    return s;
  // conv2
  if (Status s = pool_relu_backward(ctx, kConv2, kConv3, ws.dcol3, ws.a2, batch, ws.dz2); !s) return s;
  if (Status s = conv_backward(ctx, kConv2, block(params, kConv2Weight), ws.col2, ws.dz2, batch,
                               block(grads, kConv2Weight), block(grads, kConv2Bias), ws.dcol2);
      !s)
    return s;
  // conv1
  if (Status s = pool_relu_backward(ctx, kConv1, kConv2, ws.dcol2, ws.a1, batch, ws.dz1); !s) return s;
  return conv_backward(ctx, kConv1, block(params, kConv1Weight), ws.col1, ws.dz1, batch, block(grads, kConv1Weight),
                       block(grads, kConv1Bias), nullptr);
}

Status enqueue_adam(const Context& ctx, float* params, const float* grads, float* m, float* v,
                    const DeviceControl* control) {
  adam_kernel<<<blocks_for(kParameterCount), kThreads, 0, ctx.stream>>>(params, grads, m, v, control);
  WHYGPU_CUDA_TRY_LAUNCH("adam_kernel");
  return Status::ok();
}

}  // namespace whygpu::cnn::gpu
