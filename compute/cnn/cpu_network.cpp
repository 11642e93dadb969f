#include "compute/cnn/cpu_network.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>

namespace whygpu::cnn {
namespace {

// Row-major C = alpha op(A) op(B) + beta C.
void gemm(bool ta, bool tb, int m, int n, int k, float alpha, const float* a, int lda,
          const float* b, int ldb, float beta, float* c, int ldc) {
  cblas_sgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n,
              k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void gemm(bool ta, bool tb, int m, int n, int k, double alpha, const double* a, int lda,
          const double* b, int ldb, double beta, double* c, int ldc) {
  cblas_dgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n,
              k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// col[k][j] for the conv with geometry g over CNHW input x.
template <typename T>
void im2col(const ConvGeometry& g, const T* x, int batch, T* col, ThreadPool& pool) {
  const int os = g.out_side;
  const int columns = batch * g.out_pixels();
  pool.parallel_for(g.patch(), [&](int k0, int k1) {
    for (int k = k0; k < k1; ++k) {
      const int c = k / 9, ky = (k % 9) / 3, kx = k % 3;
      T* row = col + static_cast<std::size_t>(k) * columns;
      for (int n = 0; n < batch; ++n)
        for (int oy = 0; oy < os; ++oy) {
          const T* src = x + (static_cast<std::size_t>(c * batch + n) * g.in_side + oy + ky) * g.in_side + kx;
          std::copy(src, src + os, row + (n * os + oy) * os);
        }
    }
  });
}

// z[c][...] = relu(z + bias[c]) in place, then the 2x2 max-pool into pooled.
template <typename T>
void bias_relu_pool(const ConvGeometry& g, const T* bias, int batch, T* z, T* pooled, ThreadPool& pool) {
  const int os = g.out_side, ps = g.pooled_side;
  pool.parallel_for(g.out_channels, [&](int c0, int c1) {
    for (int c = c0; c < c1; ++c)
      for (int n = 0; n < batch; ++n) {
        T* map = z + static_cast<std::size_t>(c * batch + n) * g.out_pixels();
        for (int i = 0; i < g.out_pixels(); ++i) map[i] = std::max(map[i] + bias[c], T(0));
        T* out = pooled + static_cast<std::size_t>(c * batch + n) * g.pooled_pixels();
        for (int py = 0; py < ps; ++py)
          for (int px = 0; px < ps; ++px) {
            const T* w = map + 2 * py * os + 2 * px;
            out[py * ps + px] = std::max(std::max(w[0], w[1]), std::max(w[os], w[os + 1]));
          }
      }
  });
}

// The gradient reaching the pre-pool ReLU output a ([C][B][side][side]) of the previous
// layer, from the column gradient dcol of the next conv (whose input is the pooled map):
// col2im, then the max-pool routes it to its window's argmax, then the ReLU mask.
template <typename T>
void pool_relu_backward(const ConvGeometry& prev, const ConvGeometry& next, const T* dcol,
                        const T* a, int batch, T* dz, ThreadPool& pool) {
  const int side = prev.out_side, ps = prev.pooled_side;
  pool.parallel_for(prev.out_channels, [&](int c0, int c1) {
    for (int c = c0; c < c1; ++c)
      for (int n = 0; n < batch; ++n) {
        const std::size_t base = static_cast<std::size_t>(c * batch + n) * prev.out_pixels();
        for (int y = 0; y < side; ++y)
          for (int x = 0; x < side; ++x) {
            const int py = y / 2, px = x / 2;
            T g = T(0);
            if (py < ps && px < ps && a[base + y * side + x] > T(0) &&
                pool_argmax(a + base + 2 * py * side + 2 * px, side) == (y % 2) * 2 + x % 2)
              g = col2im_gather(dcol, c, n, py, px, batch, next.out_side);
            dz[base + y * side + x] = g;
          }
      }
  });
}

// bias gradient of a conv: sum of dz over each channel's row of batch*pixels values.
template <typename T>
void row_sums(const T* dz, int rows, int columns, T* out) {
  for (int r = 0; r < rows; ++r) {
    T sum = T(0);
    const T* row = dz + static_cast<std::size_t>(r) * columns;
    for (int j = 0; j < columns; ++j) sum += row[j];
    out[r] = sum;
  }
}

template <typename T>
void column_sums(const T* values, int rows, int columns, T* out) {
  std::fill(out, out + columns, T(0));
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < columns; ++j) out[j] += values[static_cast<std::size_t>(r) * columns + j];
}

template <typename T>
const T* block(const T* params, ParamBlockId id) { return params + kParamBlocks[id].offset; }
template <typename T>
T* block(T* params, ParamBlockId id) { return params + kParamBlocks[id].offset; }

}  // namespace

template <typename T>
void CpuWorkspace<T>::resize(int batch_size, bool with_backward) {
  batch = batch_size;
  const std::size_t b = static_cast<std::size_t>(batch_size);
  x.resize(b * kImagePixels);
  col1.resize(kConv1.patch() * b * kConv1.out_pixels());
  a1.resize(kConv1.out_channels * b * kConv1.out_pixels());
  p1.resize(kConv1.out_channels * b * kConv1.pooled_pixels());
  col2.resize(kConv2.patch() * b * kConv2.out_pixels());
  a2.resize(kConv2.out_channels * b * kConv2.out_pixels());
  p2.resize(kConv2.out_channels * b * kConv2.pooled_pixels());
  col3.resize(kConv3.patch() * b * kConv3.out_pixels());
  z3.resize(kConv3.out_channels * b * kConv3.out_pixels());
  flat.resize(b * kFlatten);
  h.resize(b * kHidden);
  logits.resize(b * kClasses);
  probs.resize(b * kClasses);
  const std::size_t g = with_backward ? b : 0;
  dlogits.resize(g * kClasses);
  dh.resize(g * kHidden);
  dflat.resize(g * kFlatten);
  dz3.resize(g * kFlatten);
  dcol3.resize(kConv3.patch() * g * kConv3.out_pixels());
  dz2.resize(kConv2.out_channels * g * kConv2.out_pixels());
  dcol2.resize(kConv2.patch() * g * kConv2.out_pixels());
  dz1.resize(kConv1.out_channels * g * kConv1.out_pixels());
}

template <typename T>
void cpu_forward(const T* params, CpuWorkspace<T>& ws, int batch, ThreadPool& pool) {
  // conv1 + pool1
  im2col(kConv1, ws.x.data(), batch, ws.col1.data(), pool);
  const int n1 = batch * kConv1.out_pixels();
  gemm(false, false, kConv1.out_channels, n1, kConv1.patch(), T(1), block(params, kConv1Weight),
       kConv1.patch(), ws.col1.data(), n1, T(0), ws.a1.data(), n1);
  bias_relu_pool(kConv1, block(params, kConv1Bias), batch, ws.a1.data(), ws.p1.data(), pool);
  // conv2 + pool2
  im2col(kConv2, ws.p1.data(), batch, ws.col2.data(), pool);
  const int n2 = batch * kConv2.out_pixels();
  gemm(false, false, kConv2.out_channels, n2, kConv2.patch(), T(1), block(params, kConv2Weight),
       kConv2.patch(), ws.col2.data(), n2, T(0), ws.a2.data(), n2);
  bias_relu_pool(kConv2, block(params, kConv2Bias), batch, ws.a2.data(), ws.p2.data(), pool);
  // conv3, ReLU, flatten to [B][576]
  im2col(kConv3, ws.p2.data(), batch, ws.col3.data(), pool);
  const int n3 = batch * kConv3.out_pixels();
  gemm(false, false, kConv3.out_channels, n3, kConv3.patch(), T(1), block(params, kConv3Weight),
       kConv3.patch(), ws.col3.data(), n3, T(0), ws.z3.data(), n3);
  const T* b3 = block(params, kConv3Bias);
  const int p3 = kConv3.out_pixels();
  for (int n = 0; n < batch; ++n)
    for (int c = 0; c < kConv3.out_channels; ++c)
      for (int p = 0; p < p3; ++p)
        ws.flat[static_cast<std::size_t>(n) * kFlatten + c * p3 + p] =
            std::max(ws.z3[static_cast<std::size_t>(c) * n3 + n * p3 + p] + b3[c], T(0));
  // dense1 ReLU, dense2, softmax
  gemm(false, true, batch, kHidden, kFlatten, T(1), ws.flat.data(), kFlatten,
       block(params, kDense1Weight), kFlatten, T(0), ws.h.data(), kHidden);
  const T* bd1 = block(params, kDense1Bias);
  for (int n = 0; n < batch; ++n)
    for (int j = 0; j < kHidden; ++j) {
      T& v = ws.h[static_cast<std::size_t>(n) * kHidden + j];
      v = std::max(v + bd1[j], T(0));
    }
  gemm(false, true, batch, kClasses, kHidden, T(1), ws.h.data(), kHidden,
       block(params, kDense2Weight), kHidden, T(0), ws.logits.data(), kClasses);
  const T* bd2 = block(params, kDense2Bias);
  for (int n = 0; n < batch; ++n) {
    T* logits = ws.logits.data() + static_cast<std::size_t>(n) * kClasses;
    for (int j = 0; j < kClasses; ++j) logits[j] += bd2[j];
    softmax_cross_entropy(logits, 0, ws.probs.data() + static_cast<std::size_t>(n) * kClasses);
  }
}

template <typename T>
BatchLoss cpu_loss_and_logit_gradient(CpuWorkspace<T>& ws, const std::uint8_t* labels, int batch) {
  BatchLoss result;
  T probs[kClasses];
  for (int n = 0; n < batch; ++n) {
    const T* logits = ws.logits.data() + static_cast<std::size_t>(n) * kClasses;
    result.loss_sum += static_cast<double>(softmax_cross_entropy(logits, labels[n], probs));
    if (argmax10(probs) == labels[n]) ++result.correct;
    T* d = ws.dlogits.data() + static_cast<std::size_t>(n) * kClasses;
    for (int j = 0; j < kClasses; ++j) d[j] = (probs[j] - (j == labels[n] ? T(1) : T(0))) / T(batch);
  }
  return result;
}

template <typename T>
void cpu_backward(const T* params, CpuWorkspace<T>& ws, int batch, T* grads, ThreadPool& pool) {
  // dense2
  gemm(true, false, kClasses, kHidden, batch, T(1), ws.dlogits.data(), kClasses, ws.h.data(),
       kHidden, T(0), block(grads, kDense2Weight), kHidden);
  column_sums(ws.dlogits.data(), batch, kClasses, block(grads, kDense2Bias));
  gemm(false, false, batch, kHidden, kClasses, T(1), ws.dlogits.data(), kClasses,
       block(params, kDense2Weight), kHidden, T(0), ws.dh.data(), kHidden);
  // dense1
  for (std::size_t i = 0; i < static_cast<std::size_t>(batch) * kHidden; ++i)
    if (ws.h[i] <= T(0)) ws.dh[i] = T(0);
  gemm(true, false, kHidden, kFlatten, batch, T(1), ws.dh.data(), kHidden, ws.flat.data(),
       kFlatten, T(0), block(grads, kDense1Weight), kFlatten);
  column_sums(ws.dh.data(), batch, kHidden, block(grads, kDense1Bias));
  gemm(false, false, batch, kFlatten, kHidden, T(1), ws.dh.data(), kHidden,
       block(params, kDense1Weight), kFlatten, T(0), ws.dflat.data(), kFlatten);
  // conv3: unflatten to [64][B*9] through the ReLU mask
  const int p3 = kConv3.out_pixels();
  const int n3 = batch * p3;
  for (int n = 0; n < batch; ++n)
    for (int c = 0; c < kConv3.out_channels; ++c)
      for (int p = 0; p < p3; ++p) {
        const std::size_t f = static_cast<std::size_t>(n) * kFlatten + c * p3 + p;
        ws.dz3[static_cast<std::size_t>(c) * n3 + n * p3 + p] = ws.flat[f] > T(0) ? ws.dflat[f] : T(0);
      }
  row_sums(ws.dz3.data(), kConv3.out_channels, n3, block(grads, kConv3Bias));
  gemm(false, true, kConv3.out_channels, kConv3.patch(), n3, T(1), ws.dz3.data(), n3,
       ws.col3.data(), n3, T(0), block(grads, kConv3Weight), kConv3.patch());
  gemm(true, false, kConv3.patch(), n3, kConv3.out_channels, T(1), block(params, kConv3Weight),
       kConv3.patch(), ws.dz3.data(), n3, T(0), ws.dcol3.data(), n3);
  // conv2
  pool_relu_backward(kConv2, kConv3, ws.dcol3.data(), ws.a2.data(), batch, ws.dz2.data(), pool);
  const int n2 = batch * kConv2.out_pixels();
  row_sums(ws.dz2.data(), kConv2.out_channels, n2, block(grads, kConv2Bias));
  gemm(false, true, kConv2.out_channels, kConv2.patch(), n2, T(1), ws.dz2.data(), n2,
       ws.col2.data(), n2, T(0), block(grads, kConv2Weight), kConv2.patch());
  gemm(true, false, kConv2.patch(), n2, kConv2.out_channels, T(1), block(params, kConv2Weight),
       kConv2.patch(), ws.dz2.data(), n2, T(0), ws.dcol2.data(), n2);
  // conv1 (its input needs no gradient)
  pool_relu_backward(kConv1, kConv2, ws.dcol2.data(), ws.a1.data(), batch, ws.dz1.data(), pool);
  const int n1 = batch * kConv1.out_pixels();
  row_sums(ws.dz1.data(), kConv1.out_channels, n1, block(grads, kConv1Bias));
  gemm(false, true, kConv1.out_channels, kConv1.patch(), n1, T(1), ws.dz1.data(), n1,
       ws.col1.data(), n1, T(0), block(grads, kConv1Weight), kConv1.patch());
}

template <typename T>
void cpu_adam(T* params, const T* grads, T* m, T* v, long step, const AdamConfig& config,
              ThreadPool& pool) {
  const double bc1 = 1.0 - std::pow(static_cast<double>(config.beta1), static_cast<double>(step));
  const double bc2 = 1.0 - std::pow(static_cast<double>(config.beta2), static_cast<double>(step));
  const T step_size = static_cast<T>(config.learning_rate / bc1);
  const T inv_sqrt_bc2 = static_cast<T>(1.0 / std::sqrt(bc2));
  const T beta1 = config.beta1, beta2 = config.beta2, epsilon = config.epsilon;
  pool.parallel_for(kParameterCount, [&](int i0, int i1) {
    for (int i = i0; i < i1; ++i)
      adam_update(params[i], m[i], v[i], grads[i], beta1, beta2, epsilon, step_size, inv_sqrt_bc2);
  });
}

template <typename T>
void copy_activations(const CpuWorkspace<T>& ws, int n, Layer layer, std::vector<float>* out) {
  const LayerShape& shape = layer_shape(layer);
  out->resize(shape.size());
  const auto per_channel = [&](const std::vector<T>& data, int channels, int pixels) {
    for (int c = 0; c < channels; ++c)
      for (int p = 0; p < pixels; ++p)
        (*out)[c * pixels + p] =
            static_cast<float>(data[(static_cast<std::size_t>(c) * ws.batch + n) * pixels + p]);
  };
  const auto per_image = [&](const std::vector<T>& data, int size) {
    for (int i = 0; i < size; ++i) (*out)[i] = static_cast<float>(data[static_cast<std::size_t>(n) * size + i]);
  };
  switch (layer) {
    case Layer::kInput: per_image(ws.x, kImagePixels); break;
    case Layer::kConv1: per_channel(ws.a1, kConv1.out_channels, kConv1.out_pixels()); break;
    case Layer::kPool1: per_channel(ws.p1, kConv1.out_channels, kConv1.pooled_pixels()); break;
    case Layer::kConv2: per_channel(ws.a2, kConv2.out_channels, kConv2.out_pixels()); break;
    case Layer::kPool2: per_channel(ws.p2, kConv2.out_channels, kConv2.pooled_pixels()); break;
    case Layer::kConv3: per_image(ws.flat, kFlatten); break;
    case Layer::kDense1: per_image(ws.h, kHidden); break;
    case Layer::kOutput: per_image(ws.probs, kClasses); break;
  }
}

#define WHYGPU_CNN_INSTANTIATE(T)                                                              \
  template struct CpuWorkspace<T>;                                                             \
  template void cpu_forward<T>(const T*, CpuWorkspace<T>&, int, ThreadPool&);                  \
  template BatchLoss cpu_loss_and_logit_gradient<T>(CpuWorkspace<T>&, const std::uint8_t*, int); \
  template void cpu_backward<T>(const T*, CpuWorkspace<T>&, int, T*, ThreadPool&);             \
  template void cpu_adam<T>(T*, const T*, T*, T*, long, const AdamConfig&, ThreadPool&);       \
  template void copy_activations<T>(const CpuWorkspace<T>&, int, Layer, std::vector<float>*);
WHYGPU_CNN_INSTANTIATE(float)
WHYGPU_CNN_INSTANTIATE(double)
#undef WHYGPU_CNN_INSTANTIATE

}  // namespace whygpu::cnn
