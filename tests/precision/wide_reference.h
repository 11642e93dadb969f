#pragma once
// A plain float64 reference for one training step of the wide network (wide_model.h),
// written image by image with direct loops (no im2col, no BLAS), for the GPU tests.
// It rounds through the precision's 16-bit format (number_formats.h) at exactly the
// places where the GPU stores 16-bit values (mixed_network.cuh): the inputs of every
// matrix product (images, pooled maps, flattened features, weights, dh and the dz
// maps). So a correct GPU step differs from it only by float32 sums against float64 sums.
// TF32 is not emulated (the Tensor Cores' own rounding); FP32 is not rounded at all.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "compute/cnn/model_math.h"
#include "compute/precision/number_formats.h"
#include "compute/precision/wide_model.h"

namespace whygpu::precision::testing {

struct ReferenceStep {
  std::vector<double> probabilities;  // batch x 10
  std::vector<double> gradients;      // unscaled
  double mean_loss = 0.0;
  int correct = 0;
};

inline ReferenceStep reference_step(const WideShape& s, Precision p, const std::vector<float>& params,
                                    const std::vector<std::uint8_t>& images, const std::vector<std::uint8_t>& labels,
                                    double loss_scale) {
  using cnn::kClasses;
  const bool sixteen = p == Precision::bf16 || p == Precision::fp16;
  const auto R = [&](double v) { return sixteen ? static_cast<double>(round_to(p, static_cast<float>(v))) : v; };
  const auto block = [&](cnn::ParamBlockId id) { return params.data() + s.blocks[id].offset; };
  const int batch = static_cast<int>(labels.size());
  const int c1 = s.conv1.out_channels, c2 = s.conv2.out_channels, c3 = s.conv3.out_channels, hidden = s.hidden;
  // Rounded weights of the products; dense2 stays FP32 (the head kernel reads the master copy).
  std::vector<double> w1(block(cnn::kConv1Weight), block(cnn::kConv1Weight) + s.blocks[cnn::kConv1Weight].count);
  std::vector<double> w2(block(cnn::kConv2Weight), block(cnn::kConv2Weight) + s.blocks[cnn::kConv2Weight].count);
  std::vector<double> w3(block(cnn::kConv3Weight), block(cnn::kConv3Weight) + s.blocks[cnn::kConv3Weight].count);
  std::vector<double> w4(block(cnn::kDense1Weight), block(cnn::kDense1Weight) + s.blocks[cnn::kDense1Weight].count);
  for (auto* w : {&w1, &w2, &w3, &w4})
    for (double& v : *w) v = R(v);
  const float *b1 = block(cnn::kConv1Bias), *b2 = block(cnn::kConv2Bias), *b3 = block(cnn::kConv3Bias);
  const float *b4 = block(cnn::kDense1Bias), *w5 = block(cnn::kDense2Weight), *b5 = block(cnn::kDense2Bias);

  ReferenceStep out;
  out.probabilities.resize(static_cast<std::size_t>(batch) * kClasses);
  out.gradients.assign(s.parameter_count, 0.0);
  const auto G = [&](cnn::ParamBlockId id) { return out.gradients.data() + s.blocks[id].offset; };
  double loss_sum = 0;

  // conv: out[co][y][x] = sum in[ci][y+ky][x+kx] w[co][ci][ky][kx], side -> side-2.
  const auto conv = [](const std::vector<double>& in, int cin, int side, const std::vector<double>& w, int cout,
                       std::vector<double>* result) {
    const int os = side - 2;
    result->assign(static_cast<std::size_t>(cout) * os * os, 0.0);
    for (int co = 0; co < cout; ++co)
      for (int ci = 0; ci < cin; ++ci)
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx) {
            const double wv = w[((static_cast<std::size_t>(co) * cin + ci) * 3 + ky) * 3 + kx];
            for (int y = 0; y < os; ++y)
              for (int x = 0; x < os; ++x)
                (*result)[(static_cast<std::size_t>(co) * os + y) * os + x] +=
                    wv * in[(static_cast<std::size_t>(ci) * side + y + ky) * side + x + kx];
          }
  };
  // Weight gradient and input gradient of a conv from its output gradient dz.
  const auto conv_back = [](const std::vector<double>& in, int cin, int side, const std::vector<double>& w, int cout,
                            const std::vector<double>& dz, double* dw, std::vector<double>* din) {
    const int os = side - 2;
    if (din) din->assign(static_cast<std::size_t>(cin) * side * side, 0.0);
    for (int co = 0; co < cout; ++co)
      for (int ci = 0; ci < cin; ++ci)
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx) {
            const std::size_t wi = ((static_cast<std::size_t>(co) * cin + ci) * 3 + ky) * 3 + kx;
            double sum = 0;
            for (int y = 0; y < os; ++y)
              for (int x = 0; x < os; ++x) {
                const double g = dz[(static_cast<std::size_t>(co) * os + y) * os + x];
                const std::size_t ii = (static_cast<std::size_t>(ci) * side + y + ky) * side + x + kx;
                sum += g * in[ii];
                if (din) (*din)[ii] += w[wi] * g;
              }
            dw[wi] += sum;
          }
  };
  // bias + ReLU in place, then the 2x2 max-pool (model_math.h's first-largest rule).
  const auto relu_pool = [](std::vector<double>* a, const float* bias, int channels, int side, int pooled,
                            std::vector<double>* out_pool) {
    out_pool->assign(static_cast<std::size_t>(channels) * pooled * pooled, 0.0);
    for (int c = 0; c < channels; ++c) {
      double* map = a->data() + static_cast<std::size_t>(c) * side * side;
      for (int i = 0; i < side * side; ++i) map[i] = std::max(map[i] + bias[c], 0.0);
      for (int py = 0; py < pooled; ++py)
        for (int px = 0; px < pooled; ++px)
          (*out_pool)[(static_cast<std::size_t>(c) * pooled + py) * pooled + px] =
              map[2 * py * side + 2 * px + cnn::pool_argmax(map + 2 * py * side + 2 * px, side) / 2 * side +
                  cnn::pool_argmax(map + 2 * py * side + 2 * px, side) % 2];
    }
  };
  // The pooled map's gradient routed to each window's argmax where the ReLU passed it.
  const auto unpool = [&](const std::vector<double>& a, const std::vector<double>& dpool, int channels, int side,
                          int pooled, std::vector<double>* dz) {
    dz->assign(static_cast<std::size_t>(channels) * side * side, 0.0);
    for (int c = 0; c < channels; ++c) {
      const double* map = a.data() + static_cast<std::size_t>(c) * side * side;
      for (int py = 0; py < pooled; ++py)
        for (int px = 0; px < pooled; ++px) {
          const int arg = cnn::pool_argmax(map + 2 * py * side + 2 * px, side);
          const int index = (2 * py + arg / 2) * side + 2 * px + arg % 2;
          if (map[index] > 0)
            (*dz)[static_cast<std::size_t>(c) * side * side + index] =
                dpool[(static_cast<std::size_t>(c) * pooled + py) * pooled + px];
        }
    }
    for (double& v : *dz) v = R(v);
  };

  for (int n = 0; n < batch; ++n) {
    std::vector<double> x(cnn::kImagePixels), a1, p1, a2, p2, z3;
    for (int i = 0; i < cnn::kImagePixels; ++i) x[i] = R(images[static_cast<std::size_t>(n) * cnn::kImagePixels + i] / 255.0f);
    conv(x, 1, 28, w1, c1, &a1);
    relu_pool(&a1, b1, c1, 26, 13, &p1);
    for (double& v : p1) v = R(v);
    conv(p1, c1, 13, w2, c2, &a2);
    relu_pool(&a2, b2, c2, 11, 5, &p2);
    for (double& v : p2) v = R(v);
    conv(p2, c2, 5, w3, c3, &z3);
    std::vector<double> flat(s.flatten), h(hidden), logits(kClasses), probs(kClasses);
    for (int f = 0; f < s.flatten; ++f) flat[f] = R(std::max(z3[f] + b3[f / 9], 0.0));
    for (int j = 0; j < hidden; ++j) {
      double sum = 0;
      for (int f = 0; f < s.flatten; ++f) sum += w4[static_cast<std::size_t>(j) * s.flatten + f] * flat[f];
      h[j] = std::max(sum + b4[j], 0.0);
    }
    for (int i = 0; i < kClasses; ++i) {
      double sum = b5[i];
      for (int j = 0; j < hidden; ++j) sum += double(w5[i * hidden + j]) * h[j];
      logits[i] = sum;
    }
    const int label = labels[n];
    loss_sum += cnn::softmax_cross_entropy(logits.data(), label, probs.data());
    out.correct += cnn::argmax10(probs.data()) == label;
    std::copy(probs.begin(), probs.end(), out.probabilities.begin() + n * kClasses);

    std::vector<double> dlog(kClasses), dh(hidden), dflat(s.flatten, 0.0), dz3(s.flatten);
    for (int i = 0; i < kClasses; ++i) dlog[i] = (probs[i] - (i == label ? 1.0 : 0.0)) / batch * loss_scale;
    for (int i = 0; i < kClasses; ++i) {
      G(cnn::kDense2Bias)[i] += dlog[i];
      for (int j = 0; j < hidden; ++j) G(cnn::kDense2Weight)[i * hidden + j] += dlog[i] * h[j];
    }
    for (int j = 0; j < hidden; ++j) {
      double g = 0;
      for (int i = 0; i < kClasses; ++i) g += dlog[i] * w5[i * hidden + j];
      dh[j] = R(h[j] > 0 ? g : 0.0);
      G(cnn::kDense1Bias)[j] += dh[j];
      for (int f = 0; f < s.flatten; ++f) {
        G(cnn::kDense1Weight)[static_cast<std::size_t>(j) * s.flatten + f] += dh[j] * flat[f];
        dflat[f] += dh[j] * w4[static_cast<std::size_t>(j) * s.flatten + f];
      }
    }
    for (int f = 0; f < s.flatten; ++f) dz3[f] = R(flat[f] > 0 ? dflat[f] : 0.0);
    for (int f = 0; f < s.flatten; ++f) G(cnn::kConv3Bias)[f / 9] += dz3[f];
    std::vector<double> dp2, dz2, dp1, dz1;
    conv_back(p2, c2, 5, w3, c3, dz3, G(cnn::kConv3Weight), &dp2);
    unpool(a2, dp2, c2, 11, 5, &dz2);
    for (int c = 0; c < c2; ++c)
      for (int i = 0; i < 121; ++i) G(cnn::kConv2Bias)[c] += dz2[c * 121 + i];
    conv_back(p1, c1, 13, w2, c2, dz2, G(cnn::kConv2Weight), &dp1);
    unpool(a1, dp1, c1, 26, 13, &dz1);
    for (int c = 0; c < c1; ++c)
      for (int i = 0; i < 676; ++i) G(cnn::kConv1Bias)[c] += dz1[static_cast<std::size_t>(c) * 676 + i];
    conv_back(x, 1, 28, w1, c1, dz1, G(cnn::kConv1Weight), nullptr);
  }
  for (double& g : out.gradients) g /= loss_scale;
  out.mean_loss = loss_sum / batch;
  return out;
}

}  // namespace whygpu::precision::testing
