#pragma once
// The per-element arithmetic of the network, written once and compiled for both the CPU
// (float and double) and the GPU (float): index maps of im2col / col2im in the CNHW
// layout of model.h, the 2x2 max-pool rule, softmax cross-entropy and the Adam update.
// Keeping these in one place is what makes the two back ends compute the same function.
#include <math.h>

#include "compute/cnn/model.h"
#include "compute/core/host_device.h"

namespace whygpu::cnn {

// exp/log/sqrt in the precision of the argument, on host and device alike.
WHYGPU_HD inline float math_exp(float x) { return expf(x); }
WHYGPU_HD inline double math_exp(double x) { return exp(x); }
WHYGPU_HD inline float math_log(float x) { return logf(x); }
WHYGPU_HD inline double math_log(double x) { return log(x); }
WHYGPU_HD inline float math_sqrt(float x) { return sqrtf(x); }
WHYGPU_HD inline double math_sqrt(double x) { return sqrt(x); }

// Row k of the column matrix is (input channel c, kernel row ky, kernel column kx),
// k = c*9 + ky*3 + kx; column j is (image n, output row oy, output column ox),
// j = (n*out_side + oy)*out_side + ox. Returns the CNHW index of the input pixel.
WHYGPU_HD inline int im2col_source(int k, int j, int batch, int in_side, int out_side) {
  const int c = k / 9;
  const int r = k - c * 9;
  const int ky = r / 3;
  const int kx = r - ky * 3;
  const int out_pixels = out_side * out_side;
  const int n = j / out_pixels;
  const int p = j - n * out_pixels;
  const int oy = p / out_side;
  const int ox = p - oy * out_side;
  return ((c * batch + n) * in_side + oy + ky) * in_side + ox + kx;
}

// Gradient of the CNHW input pixel (c, n, y, x): the sum of the column-matrix gradients
// of every (ky, kx) whose output position (y-ky, x-kx) lies inside the output map.
template <typename T>
WHYGPU_HD inline T col2im_gather(const T* dcol, int c, int n, int y, int x, int batch,
                                 int out_side) {
  const int columns = batch * out_side * out_side;
  T sum = T(0);
  for (int ky = 0; ky < 3; ++ky) {
    const int oy = y - ky;
    if (oy < 0 || oy >= out_side) continue;
    for (int kx = 0; kx < 3; ++kx) {
      const int ox = x - kx;
      if (ox < 0 || ox >= out_side) continue;
      sum += dcol[(c * 9 + ky * 3 + kx) * columns + (n * out_side + oy) * out_side + ox];
    }
  }
  return sum;
}

// Position (0..3, row-major) of the first largest value of the 2x2 window whose top-left
// element is at `window` in a map `side` wide.
template <typename T>
WHYGPU_HD inline int pool_argmax(const T* window, int side) {
  int best = 0;
  T best_value = window[0];
  if (window[1] > best_value) { best = 1; best_value = window[1]; }
  if (window[side] > best_value) { best = 2; best_value = window[side]; }
  if (window[side + 1] > best_value) best = 3;
  return best;
}

// Softmax of 10 logits into probs; returns the sample's cross-entropy -log p[label],
// computed as logsumexp - logit[label] so that it stays finite.
template <typename T>
WHYGPU_HD inline T softmax_cross_entropy(const T* logits, int label, T* probs) {
  T top = logits[0];
  for (int i = 1; i < kClasses; ++i) top = logits[i] > top ? logits[i] : top;
  T sum = T(0);
  for (int i = 0; i < kClasses; ++i) {
    probs[i] = math_exp(logits[i] - top);
    sum += probs[i];
  }
  for (int i = 0; i < kClasses; ++i) probs[i] /= sum;
  return math_log(sum) + top - logits[label];
}

// The class with the largest probability (the first on ties).
template <typename T>
WHYGPU_HD inline int argmax10(const T* values) {
  int best = 0;
  for (int i = 1; i < kClasses; ++i)
    if (values[i] > values[best]) best = i;
  return best;
}

struct AdamConfig {
  float learning_rate = 1e-3f;
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float epsilon = 1e-8f;
};

// Adam as PyTorch writes it (no weight decay), at step t >= 1:
//   m = b1 m + (1-b1) g;  v = b2 v + (1-b2) g^2
//   p -= lr / (1 - b1^t) * m / (sqrt(v) / sqrt(1 - b2^t) + eps)
// step_size = lr / (1 - b1^t) and inv_sqrt_bc2 = 1 / sqrt(1 - b2^t) come from the caller.
template <typename T>
WHYGPU_HD inline void adam_update(T& param, T& m, T& v, T grad, T beta1, T beta2, T epsilon,
                                  T step_size, T inv_sqrt_bc2) {
  m = beta1 * m + (T(1) - beta1) * grad;
  v = beta2 * v + (T(1) - beta2) * grad * grad;
  param -= step_size * m / (math_sqrt(v) * inv_sqrt_bc2 + epsilon);
}

}  // namespace whygpu::cnn
