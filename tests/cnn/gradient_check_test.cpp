// The CPU network's backward pass against central finite differences of its forward
// pass, in float64, on a small batch with random inputs and non-zero biases.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compute/cnn/cpu_network.h"

namespace whygpu::cnn {
namespace {

struct Problem {
  std::vector<double> params;
  std::vector<double> images;
  std::vector<std::uint8_t> labels;
  int batch = 3;
};

Problem make_problem(std::uint32_t seed) {
  Problem p;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0), small(-0.05, 0.05);
  const std::vector<float> init = initial_parameters(seed);
  p.params.assign(init.begin(), init.end());
  for (const ParamBlock& block : kParamBlocks)
    if (block.is_bias)
      for (int i = 0; i < block.count; ++i) p.params[block.offset + i] = small(rng);
  for (int i = 0; i < p.batch * kImagePixels; ++i) p.images.push_back(unit(rng));
  for (int i = 0; i < p.batch; ++i) p.labels.push_back(static_cast<std::uint8_t>(rng() % kClasses));
  return p;
}

double mean_loss(const Problem& p, const std::vector<double>& params, CpuWorkspace<double>& ws, ThreadPool& pool) {
  ws.x = p.images;
  cpu_forward(params.data(), ws, p.batch, pool);
  return cpu_loss_and_logit_gradient(ws, p.labels.data(), p.batch).loss_sum / p.batch;
}

TEST(CpuGradients, MatchFiniteDifferencesInDouble) {
  ThreadPool pool(2);
  const Problem p = make_problem(11);
  CpuWorkspace<double> ws;
  ws.resize(p.batch, true);
  mean_loss(p, p.params, ws, pool);
  std::vector<double> grads(kParameterCount, std::nan(""));
  cpu_backward(p.params.data(), ws, p.batch, grads.data(), pool);
  for (double g : grads) ASSERT_TRUE(std::isfinite(g)) << "every gradient is written";

  std::mt19937 rng(3);
  const double h = 1e-6;
  for (const ParamBlock& block : kParamBlocks) {
    double diff_sq = 0, ref_sq = 0;
    for (int t = 0; t < 12; ++t) {
      const int i = block.offset + static_cast<int>(rng() % block.count);
      std::vector<double> plus = p.params, minus = p.params;
      plus[i] += h;
      minus[i] -= h;
      const double numeric = (mean_loss(p, plus, ws, pool) - mean_loss(p, minus, ws, pool)) / (2 * h);
      diff_sq += (numeric - grads[i]) * (numeric - grads[i]);
      ref_sq += numeric * numeric;
      EXPECT_NEAR(grads[i], numeric, 1e-6 + 1e-4 * std::abs(numeric)) << block.name << "[" << i - block.offset << "]";
    }
    ASSERT_GT(ref_sq, 0.0) << block.name << ": the sampled gradients should not all be zero";
    EXPECT_LT(std::sqrt(diff_sq / ref_sq), 1e-6) << block.name;
  }
}

TEST(CpuGradients, FloatAgreesWithDouble) {
  ThreadPool pool(2);
  const Problem p = make_problem(12);
  CpuWorkspace<double> wd;
  wd.resize(p.batch, true);
  mean_loss(p, p.params, wd, pool);
  std::vector<double> gd(kParameterCount);
  cpu_backward(p.params.data(), wd, p.batch, gd.data(), pool);

  CpuWorkspace<float> wf;
  wf.resize(p.batch, true);
  wf.x.assign(p.images.begin(), p.images.end());
  const std::vector<float> pf(p.params.begin(), p.params.end());
  cpu_forward(pf.data(), wf, p.batch, pool);
  cpu_loss_and_logit_gradient(wf, p.labels.data(), p.batch);
  std::vector<float> gf(kParameterCount);
  cpu_backward(pf.data(), wf, p.batch, gf.data(), pool);

  double dp = 0, rp = 0, dg = 0, rg = 0;
  for (int i = 0; i < p.batch * kClasses; ++i) {
    dp += std::pow(wf.probs[i] - wd.probs[i], 2);
    rp += wd.probs[i] * wd.probs[i];
  }
  for (int i = 0; i < kParameterCount; ++i) {
    dg += std::pow(gf[i] - gd[i], 2);
    rg += gd[i] * gd[i];
  }
  EXPECT_LT(std::sqrt(dp / rp), 1e-5);
  EXPECT_LT(std::sqrt(dg / rg), 1e-4);
}

}  // namespace
}  // namespace whygpu::cnn
