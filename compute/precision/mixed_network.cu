#include "compute/precision/mixed_network.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <iterator>
#include <string>

#include "compute/cnn/model_math.h"
#include "compute/cnn/network_kernels.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_check.h"

// Layout and formulas follow compute/cnn (model.h, model_math.h), and the element-wise
// kernels of the convolutions and Adam are compute/cnn's own (network_kernels.cuh),
// instantiated at the precision's storage type. What differs from gpu_network.cu is that
// every layer, conv1 and dense1 included, is an im2col/cuBLAS product whose input type is
// the precision's, and that the channel counts are run-time values (the width). The
// FP32 network in gpu_network.cu fuses conv1 and the dense head into kernels of their
// own; here they stay products so that all the arithmetic goes to the Tensor Cores when
// the precision allows it.

namespace whygpu::precision::gpu {
namespace {

using cnn::kClasses;
using cnn::kHidden;
using cnn::kImagePixels;
using cnn::gpu::blocks_for;
using cnn::gpu::from_float;
using cnn::gpu::kThreads;
using cnn::gpu::to_float;

std::size_t storage_bytes(Precision p) { return p == Precision::bf16 || p == Precision::fp16 ? 2 : 4; }
bool sixteen_bit(Precision p) { return storage_bytes(p) == 2; }

// Calls f(StorageTag<S>{}) with the precision's storage type S.
template <typename S>
struct StorageTag {
  using type = S;
};
template <typename F>
Status with_storage(Precision p, F&& f) {
  switch (p) {
    case Precision::bf16: return f(StorageTag<__nv_bfloat16>{});
    case Precision::fp16: return f(StorageTag<__half>{});
    default: return f(StorageTag<float>{});
  }
}

template <typename S>
__global__ void cast_kernel(const float* __restrict__ in, int count, S* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) out[i] = from_float<S>(in[i]);
}

template <typename S>
__global__ void widen_kernel(const S* __restrict__ in, int count, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) out[i] = to_float(in[i]);
}

// flat[n][c*9+p] = relu(z3[c][n][p] + b3[c]) in the storage type.
template <typename S>
__global__ void flatten_kernel(const float* __restrict__ z3, const float* __restrict__ bias, int channels, int batch,
                               S* __restrict__ flat) {
  constexpr int kPixels = 9;
  const int features = channels * kPixels;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * features) return;
  const int n = t / features, f = t - n * features;
  const int c = f / kPixels, p = f - c * kPixels;
  flat[t] = from_float<S>(fmaxf(z3[(static_cast<std::size_t>(c) * batch + n) * kPixels + p] + bias[c], 0.0f));
}

// The head for one image per block of kHidden threads: dense1's bias and ReLU (its
// product came from cuBLAS), dense 10, softmax; when training, the loss and the
// gradients of the logits (times the loss scale) and of dense1's output (ReLU-masked,
// in the storage type for the products that follow).
template <typename S, bool kTrain>
__global__ void __launch_bounds__(kHidden)
head_kernel(const float* __restrict__ hidden_in, const float* __restrict__ b4, const float* __restrict__ w5,
            const float* __restrict__ b5, const int* __restrict__ labels, int batch,
            const MixedControl* __restrict__ control, float* __restrict__ h, float* __restrict__ probs,
            float* __restrict__ dlogits, S* __restrict__ dh, float* __restrict__ sample_loss,
            int* __restrict__ sample_correct) {
  __shared__ float s_h[kHidden];
  __shared__ float s_logits[kClasses];
  __shared__ float s_dlogits[kClasses];
  const int n = blockIdx.x, j = threadIdx.x;
  const float v = fmaxf(hidden_in[n * kHidden + j] + b4[j], 0.0f);
  s_h[j] = v;
  h[n * kHidden + j] = v;
  __syncthreads();
  if (j < kClasses) {
    float sum = b5[j];
    for (int k = 0; k < kHidden; ++k) sum += w5[j * kHidden + k] * s_h[k];
    s_logits[j] = sum;
  }
  __syncthreads();
  if (j == 0) {
    float p[kClasses];
    const int label = kTrain ? labels[n] : 0;
    const float loss = cnn::softmax_cross_entropy(s_logits, label, p);
    for (int i = 0; i < kClasses; ++i) probs[n * kClasses + i] = p[i];
    if (kTrain) {
      sample_loss[n] = loss;
      sample_correct[n] = cnn::argmax10(p) == label ? 1 : 0;
      const float scale = control->loss_scale / batch;
      for (int i = 0; i < kClasses; ++i) {
        s_dlogits[i] = (p[i] - (i == label ? 1.0f : 0.0f)) * scale;
        dlogits[n * kClasses + i] = s_dlogits[i];
      }
    }
  }
  if (!kTrain) return;
  __syncthreads();
  float g = 0.0f;
  for (int i = 0; i < kClasses; ++i) g += s_dlogits[i] * w5[i * kHidden + j];
  dh[n * kHidden + j] = from_float<S>(v > 0.0f ? g : 0.0f);
}

// The head's batch sums, in image order: dense2's weight and bias gradients and
// dense1's bias gradient.
template <typename S>
__global__ void head_sums_kernel(const float* __restrict__ dlogits, const float* __restrict__ h,
                                 const S* __restrict__ dh, int batch, float* __restrict__ dw5,
                                 float* __restrict__ db5, float* __restrict__ db4) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < kClasses * kHidden) {
    const int i = t / kHidden, j = t - i * kHidden;
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dlogits[n * kClasses + i] * h[n * kHidden + j];
    dw5[t] = sum;
    return;
  }
  t -= kClasses * kHidden;
  if (t < kClasses) {
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += dlogits[n * kClasses + t];
    db5[t] = sum;
    return;
  }
  t -= kClasses;
  if (t < kHidden) {
    float sum = 0.0f;
    for (int n = 0; n < batch; ++n) sum += to_float(dh[n * kHidden + t]);
    db4[t] = sum;
  }
}
constexpr int kHeadSumThreads = kClasses * kHidden + kClasses + kHidden;

// dz3[c][n][p] = dflat[n][c*9+p] where the forward ReLU passed it, else 0.
template <typename S>
__global__ void unflatten_kernel(const float* __restrict__ dflat, const S* __restrict__ flat, int channels, int batch,
                                 S* __restrict__ dz3) {
  constexpr int kPixels = 9;
  const int features = channels * kPixels;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch * features) return;
  const int n = t / features, f = t - n * features;
  const int c = f / kPixels, p = f - c * kPixels;
  dz3[(static_cast<std::size_t>(c) * batch + n) * kPixels + p] =
      from_float<S>(to_float(flat[t]) > 0.0f ? dflat[t] : 0.0f);
}

// g /= loss scale; any infinite or NaN gradient sets control->overflow.
__global__ void unscale_check_kernel(float* __restrict__ grads, int count, MixedControl* __restrict__ control) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool bad = false;
  if (i < count) {
    const float g = grads[i] * (1.0f / control->loss_scale);
    grads[i] = g;
    bad = !isfinite(g);
  }
  if (__syncthreads_or(bad) && threadIdx.x == 0) atomicOr(&control->overflow, 1u);
}

// One thread: the step's metrics, the loss scale's update and Adam's scalars.
__global__ void finish_step_kernel(const float* __restrict__ sample_loss, const int* __restrict__ sample_correct,
                                   int batch, bool dynamic_scale, MixedControl* __restrict__ control,
                                   MixedMetrics* __restrict__ metrics) {
  float loss = 0.0f;
  int correct = 0;
  for (int n = 0; n < batch; ++n) {
    loss += sample_loss[n];
    correct += sample_correct[n];
  }
  const bool skipped = control->overflow != 0;
  const int slot = control->launches % kMetricsRing;
  metrics->loss[slot] = loss / batch;
  metrics->correct[slot] = correct;
  metrics->loss_scale[slot] = control->loss_scale;
  metrics->skipped[slot] = skipped ? 1 : 0;
  control->launches += 1;
  control->base.cursor += batch;
  if (skipped) {
    control->loss_scale = fmaxf(control->loss_scale * 0.5f, 1.0f);
    control->good_steps = 0;
    control->skipped_steps += 1;
    return;
  }
  const int step = control->base.step + 1;
  control->base.step = step;
  const double bc1 = 1.0 - pow(static_cast<double>(control->base.beta1), step);
  const double bc2 = 1.0 - pow(static_cast<double>(control->base.beta2), step);
  control->base.step_size = static_cast<float>(control->base.learning_rate / bc1);
  control->base.inv_sqrt_bc2 = static_cast<float>(1.0 / sqrt(bc2));
  if (dynamic_scale && ++control->good_steps >= control->growth_interval) {
    control->loss_scale *= 2.0f;
    control->good_steps = 0;
  }
}

// Row-major C[m][n] (FP32) = op(A) op(B), A and B in the precision's storage type, FP32
// sums; cuBLAS is column-major, so it computes C^T = op(B)^T op(A)^T on the same memory.
Status gemm(const Context& ctx, Precision p, bool ta, bool tb, int m, int n, int k, const void* a, int lda,
            const void* b, int ldb, float* c, int ldc, const char* what) {
  const cudaDataType type = p == Precision::bf16   ? CUDA_R_16BF
                            : p == Precision::fp16 ? CUDA_R_16F
                                                   : CUDA_R_32F;
  const cublasComputeType_t compute = p == Precision::tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  const float one = 1.0f, zero = 0.0f;
  return cublas_status(ctx.blas->library().gemm_ex(ctx.blas->get(), tb ? CUBLAS_OP_T : CUBLAS_OP_N,
                                                   ta ? CUBLAS_OP_T : CUBLAS_OP_N, n, m, k, &one, b, type, ldb, a,
                                                   type, lda, &zero, c, CUDA_R_32F, ldc, compute, CUBLAS_GEMM_DEFAULT),
                       what);
}

// The weights the products read: the FP32 master copy, or its 16-bit cast.
const void* weight(const WideShape& shape, Precision p, const float* params, const MixedWorkspace& ws,
                   cnn::ParamBlockId id) {
  const int offset = shape.blocks[id].offset;
  if (!sixteen_bit(p)) return params + offset;
  return static_cast<const char*>(ws.weights) + std::size_t{2} * offset;
}

template <typename S>
S* typed(void* p) { return static_cast<S*>(p); }
template <typename S>
const S* typed(const void* p) { return static_cast<const S*>(p); }

Status check_batch(const MixedWorkspace& ws, int batch, bool backward) {
  if (batch < 1 || batch > ws.capacity() || (backward && !ws.has_backward()))
    return Status::error(Wording::sentence(N_("the mixed-precision workspace has no room for batch {0}"),
                                           {std::to_string(batch)}));
  return Status::ok();
}

}  // namespace

MixedWorkspace::~MixedWorkspace() { release(); }

void MixedWorkspace::release() {
  if (memory_) cudaFree(memory_);
  memory_ = nullptr;
  bytes_ = 0;
  capacity_ = 0;
}

Status MixedWorkspace::reserve(const WideShape& shape, Precision precision, int batch, bool with_backward) {
  if (memory_ && batch <= capacity_ && width_ == shape.width && storage_bytes(precision_) == storage_bytes(precision) &&
      (with_backward_ || !with_backward))
    return Status::ok();
  release();
  const std::size_t b = static_cast<std::size_t>(batch);
  const std::size_t g = with_backward ? b : 0;
  const std::size_t s = storage_bytes(precision);
  const cnn::ConvGeometry &c1 = shape.conv1, &c2 = shape.conv2, &c3 = shape.conv3;
  const cnn::gpu::WorkspacePiece pieces[] = {
      {reinterpret_cast<void**>(&x), 4 * b * kImagePixels},
      {reinterpret_cast<void**>(&labels), 4 * b},
      {&col1, s * c1.patch() * b * c1.out_pixels()},
      {reinterpret_cast<void**>(&a1), 4 * c1.out_channels * b * c1.out_pixels()},
      {reinterpret_cast<void**>(&p1), 4 * c1.out_channels * b * c1.pooled_pixels()},
      {&col2, s * c2.patch() * b * c2.out_pixels()},
      {reinterpret_cast<void**>(&a2), 4 * c2.out_channels * b * c2.out_pixels()},
      {reinterpret_cast<void**>(&p2), 4 * c2.out_channels * b * c2.pooled_pixels()},
      {&col3, s * c3.patch() * b * c3.out_pixels()},
      {reinterpret_cast<void**>(&z3), 4 * c3.out_channels * b * c3.out_pixels()},
      {&flat, s * b * shape.flatten},
      {reinterpret_cast<void**>(&hidden_in), 4 * b * kHidden},
      {reinterpret_cast<void**>(&h), 4 * b * kHidden},
      {reinterpret_cast<void**>(&probs), 4 * b * kClasses},
      {&weights, s == 2 ? 2 * static_cast<std::size_t>(shape.parameter_count) : 0},
      {reinterpret_cast<void**>(&dlogits), 4 * g * kClasses},
      {&dh, s * g * kHidden},
      {reinterpret_cast<void**>(&dflat), 4 * g * shape.flatten},
      {&dz3, s * c3.out_channels * g * c3.out_pixels()},
      {reinterpret_cast<void**>(&dcol3), 4 * c3.patch() * g * c3.out_pixels()},
      {&dz2, s * c2.out_channels * g * c2.out_pixels()},
      {reinterpret_cast<void**>(&dcol2), 4 * c2.patch() * g * c2.out_pixels()},
      {&dz1, s * c1.out_channels * g * c1.out_pixels()},
      {reinterpret_cast<void**>(&sample_loss), 4 * g},
      {reinterpret_cast<void**>(&sample_correct), 4 * g},
  };
  const std::string what = "the mixed-precision workspace (" + shape.describe().english() + ", batch " +
                           std::to_string(batch) + ")";
  if (Status st = cnn::gpu::allocate_pieces(pieces, std::size(pieces), what, &memory_, &bytes_); !st) return st;
  capacity_ = batch;
  width_ = shape.width;
  precision_ = precision;
  with_backward_ = with_backward;
  return Status::ok();
}

Status MixedWorkspace::poison(cudaStream_t stream) {
  WHYGPU_CUDA_TRY(cudaMemsetAsync(memory_, 0xFF, bytes_, stream));  // NaN in FP32, BF16 and FP16 alike
  return Status::ok();
}

Status enqueue_cast_weights(const Context& ctx, const WideShape& shape, Precision precision, const float* params,
                            MixedWorkspace& ws) {
  if (!sixteen_bit(precision)) return Status::ok();
  return with_storage(precision, [&](auto tag) {
    using S = typename decltype(tag)::type;
    cast_kernel<S><<<blocks_for(shape.parameter_count), kThreads, 0, ctx.stream>>>(params, shape.parameter_count,
                                                                                   typed<S>(ws.weights));
    WHYGPU_CUDA_TRY_LAUNCH("cast_kernel");
    return Status::ok();
  });
}

Status enqueue_forward(const Context& ctx, const WideShape& shape, Precision p, const float* params, MixedWorkspace& ws,
                       int batch, bool for_training) {
  if (Status s = check_batch(ws, batch, false); !s) return s;
  const auto W = [&](cnn::ParamBlockId id) { return weight(shape, p, params, ws, id); };
  const auto P = [&](cnn::ParamBlockId id) { return params + shape.blocks[id].offset; };
  return with_storage(p, [&](auto tag) {
    using S = typename decltype(tag)::type;
    const cnn::ConvGeometry* layers[] = {&shape.conv1, &shape.conv2, &shape.conv3};
    const float* inputs[] = {ws.x, ws.p1, ws.p2};
    void* cols[] = {ws.col1, ws.col2, ws.col3};
    float* outputs[] = {ws.a1, ws.a2, ws.z3};
    float* pooled[] = {ws.p1, ws.p2, nullptr};
    const cnn::ParamBlockId weights[] = {cnn::kConv1Weight, cnn::kConv2Weight, cnn::kConv3Weight};
    const cnn::ParamBlockId biases[] = {cnn::kConv1Bias, cnn::kConv2Bias, cnn::kConv3Bias};
    const char* names[] = {"conv1 GEMM", "conv2 GEMM", "conv3 GEMM"};
    for (int l = 0; l < 3; ++l) {
      const cnn::ConvGeometry& g = *layers[l];
      const int columns = batch * g.out_pixels();
      if (Status s = cnn::gpu::enqueue_im2col(ctx, g, inputs[l], batch, typed<S>(cols[l])); !s) return s;
      if (Status s = gemm(ctx, p, false, false, g.out_channels, columns, g.patch(), W(weights[l]), g.patch(), cols[l],
                          columns, outputs[l], columns, names[l]);
          !s)
        return s;
      if (!pooled[l]) break;
      if (Status s = cnn::gpu::enqueue_bias_relu_pool(ctx, g, outputs[l], P(biases[l]), batch, pooled[l]); !s)
        return s;
    }
    flatten_kernel<S><<<blocks_for(static_cast<long long>(batch) * shape.flatten), kThreads, 0, ctx.stream>>>(
        ws.z3, P(cnn::kConv3Bias), shape.conv3.out_channels, batch, typed<S>(ws.flat));
    WHYGPU_CUDA_TRY_LAUNCH("flatten_kernel");
    if (Status s = gemm(ctx, p, false, true, batch, kHidden, shape.flatten, ws.flat, shape.flatten,
                        W(cnn::kDense1Weight), shape.flatten, ws.hidden_in, kHidden, "dense1 GEMM");
        !s)
      return s;
    if (for_training) return Status::ok();  // enqueue_backward's head does the rest
    head_kernel<S, false><<<batch, kHidden, 0, ctx.stream>>>(ws.hidden_in, P(cnn::kDense1Bias), P(cnn::kDense2Weight),
                                                             P(cnn::kDense2Bias), nullptr, batch, nullptr, ws.h,
                                                             ws.probs, nullptr, nullptr, nullptr, nullptr);
    WHYGPU_CUDA_TRY_LAUNCH("head_kernel");
    return Status::ok();
  });
}

Status enqueue_backward(const Context& ctx, const WideShape& shape, Precision p, const float* params,
                        MixedWorkspace& ws, int batch, float* grads, const MixedControl* control) {
  if (Status s = check_batch(ws, batch, true); !s) return s;
  const auto W = [&](cnn::ParamBlockId id) { return weight(shape, p, params, ws, id); };
  const auto P = [&](cnn::ParamBlockId id) { return params + shape.blocks[id].offset; };
  const auto G = [&](cnn::ParamBlockId id) { return grads + shape.blocks[id].offset; };
  return with_storage(p, [&](auto tag) -> Status {
    using S = typename decltype(tag)::type;
    // The head: loss, dlogits, dh; its batch sums; dense1's products.
    head_kernel<S, true><<<batch, kHidden, 0, ctx.stream>>>(
        ws.hidden_in, P(cnn::kDense1Bias), P(cnn::kDense2Weight), P(cnn::kDense2Bias), ws.labels, batch, control, ws.h,
        ws.probs, ws.dlogits, typed<S>(ws.dh), ws.sample_loss, ws.sample_correct);
    WHYGPU_CUDA_TRY_LAUNCH("head_kernel");
    head_sums_kernel<S><<<blocks_for(kHeadSumThreads), kThreads, 0, ctx.stream>>>(
        ws.dlogits, ws.h, typed<S>(ws.dh), batch, G(cnn::kDense2Weight), G(cnn::kDense2Bias), G(cnn::kDense1Bias));
    WHYGPU_CUDA_TRY_LAUNCH("head_sums_kernel");
    if (Status s = gemm(ctx, p, true, false, kHidden, shape.flatten, batch, ws.dh, kHidden, ws.flat, shape.flatten,
                        G(cnn::kDense1Weight), shape.flatten, "dense1 weight-gradient GEMM");
        !s)
      return s;
    if (Status s = gemm(ctx, p, false, false, batch, shape.flatten, kHidden, ws.dh, kHidden, W(cnn::kDense1Weight),
                        shape.flatten, ws.dflat, shape.flatten, "dense1 input-gradient GEMM");
        !s)
      return s;
    unflatten_kernel<S><<<blocks_for(static_cast<long long>(batch) * shape.flatten), kThreads, 0, ctx.stream>>>(
        ws.dflat, typed<S>(ws.flat), shape.conv3.out_channels, batch, typed<S>(ws.dz3));
    WHYGPU_CUDA_TRY_LAUNCH("unflatten_kernel");
    // The convolutions, top down: bias sums, weight gradient, column gradient, then the
    // pool and ReLU of the layer below.
    const cnn::ConvGeometry* layers[] = {&shape.conv1, &shape.conv2, &shape.conv3};
    void* dz[] = {ws.dz1, ws.dz2, ws.dz3};
    const void* cols[] = {ws.col1, ws.col2, ws.col3};
    float* dcols[] = {nullptr, ws.dcol2, ws.dcol3};
    const float* below[] = {nullptr, ws.a1, ws.a2};
    const cnn::ParamBlockId weights[] = {cnn::kConv1Weight, cnn::kConv2Weight, cnn::kConv3Weight};
    const cnn::ParamBlockId biases[] = {cnn::kConv1Bias, cnn::kConv2Bias, cnn::kConv3Bias};
    for (int l = 2; l >= 0; --l) {
      const cnn::ConvGeometry& g = *layers[l];
      const int columns = batch * g.out_pixels();
      if (Status s = cnn::gpu::enqueue_row_sums(ctx, typed<S>(dz[l]), g.out_channels, columns, G(biases[l])); !s)
        return s;
      if (Status s = gemm(ctx, p, false, true, g.out_channels, g.patch(), columns, dz[l], columns, cols[l], columns,
                          G(weights[l]), g.patch(), "conv weight-gradient GEMM");
          !s)
        return s;
      if (l == 0) break;  // the images need no gradient
      if (Status s = gemm(ctx, p, true, false, g.patch(), columns, g.out_channels, W(weights[l]), g.patch(), dz[l],
                          columns, dcols[l], columns, "conv input-gradient GEMM");
          !s)
        return s;
      if (Status s = cnn::gpu::enqueue_pool_relu_backward(ctx, *layers[l - 1], g, dcols[l], below[l], batch,
                                                          typed<S>(dz[l - 1]));
          !s)
        return s;
    }
    return Status::ok();
  });
}

Status enqueue_unscale_check(const Context& ctx, float* grads, int count, MixedControl* control) {
  unscale_check_kernel<<<blocks_for(count), kThreads, 0, ctx.stream>>>(grads, count, control);
  WHYGPU_CUDA_TRY_LAUNCH("unscale_check_kernel");
  return Status::ok();
}

Status enqueue_finish_step(const Context& ctx, const WideShape& shape, Precision precision, float* params,
                           float* grads, float* m, float* v, const MixedWorkspace& ws, int batch,
                           MixedControl* control, MixedMetrics* metrics) {
  const bool dynamic_scale = precision == Precision::fp16;
  if (dynamic_scale)
    if (Status s = enqueue_unscale_check(ctx, grads, shape.parameter_count, control); !s) return s;
  finish_step_kernel<<<1, 1, 0, ctx.stream>>>(ws.sample_loss, ws.sample_correct, batch, dynamic_scale, control,
                                              metrics);
  WHYGPU_CUDA_TRY_LAUNCH("finish_step_kernel");
  return cnn::gpu::enqueue_adam(ctx, params, grads, m, v, shape.parameter_count, &control->base,
                                &control->overflow);
}

Status enqueue_round_trip(const Context& ctx, Precision precision, const float* in, int count, void* storage,
                          float* out) {
  return with_storage(precision, [&](auto tag) {
    using S = typename decltype(tag)::type;
    cast_kernel<S><<<blocks_for(count), kThreads, 0, ctx.stream>>>(in, count, typed<S>(storage));
    WHYGPU_CUDA_TRY_LAUNCH("cast_kernel");
    widen_kernel<S><<<blocks_for(count), kThreads, 0, ctx.stream>>>(typed<S>(storage), count, out);
    WHYGPU_CUDA_TRY_LAUNCH("widen_kernel");
    return Status::ok();
  });
}

}  // namespace whygpu::precision::gpu
