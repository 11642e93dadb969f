// The mixed-precision kernels against CPU references: the 16-bit casts against
// number_formats.h bit for bit, the unscale-and-check kernel, and one whole training
// step per precision and width against the float64 reference (wide_reference.h) on
// fresh random inputs, odd batch sizes and poisoned buffers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "compute/precision/mixed_trainer.h"
#include "tests/cnn/block_error.h"
#include "tests/gpu_test_support.h"
#include "tests/precision/wide_reference.h"

namespace whygpu::precision {
namespace {

using cnn::testing::all_finite;
using cnn::testing::relative_error;

std::uint32_t bits(float v) {
  std::uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}

TEST(GpuMixedKernels, CastsRoundExactlyLikeTheCpu) {
  WHYGPU_REQUIRE_GPU();
  std::mt19937 rng(11);
  std::vector<float> values;
  // Every scale from FP16's subnormals to past its overflow, both signs, plus edges.
  for (int i = 0; i < 20011; ++i) {
    const float mantissa = std::uniform_real_distribution<float>(1.0f, 2.0f)(rng);
    const int exponent = std::uniform_int_distribution<int>(-30, 20)(rng);
    values.push_back((rng() & 1 ? -1.0f : 1.0f) * std::ldexp(mantissa, exponent));
  }
  for (float v : {0.0f, -0.0f, 65504.0f, 65519.0f, 65520.0f, 1e-8f, 3e-8f, std::ldexp(1.0f, -25),
                  std::ldexp(1.0f, -24), std::ldexp(1.0f, -14), 1.0f + std::ldexp(1.0f, -8), 3.4e38f})
    values.push_back(v);
  for (Precision p : {Precision::bf16, Precision::fp16, Precision::fp32}) {
    SCOPED_TRACE(format_info(p).key);
    std::vector<float> gpu;
    const Status s = run_gpu_round_trip(p, values, &gpu);
    ASSERT_TRUE(s.is_ok()) << s.message();
    ASSERT_EQ(gpu.size(), values.size());
    int mismatches = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
      if (bits(gpu[i]) != bits(round_to(p, values[i])) && mismatches++ < 5)
        ADD_FAILURE() << values[i] << ": GPU " << gpu[i] << ", CPU " << round_to(p, values[i]);
    EXPECT_EQ(mismatches, 0);
  }
}

TEST(GpuMixedKernels, UnscaleCheckFindsEveryKindOfOverflow) {
  WHYGPU_REQUIRE_GPU();
  std::mt19937 rng(12);
  std::normal_distribution<float> normal(0.0f, 1000.0f);
  for (int count : {1, 255, 256, 257, 10007}) {
    std::vector<float> grads(count);
    for (float& g : grads) g = normal(rng);
    std::vector<float> out;
    bool overflow = true;
    ASSERT_TRUE(run_gpu_unscale_check(grads, 1024.0f, &out, &overflow).is_ok());
    EXPECT_FALSE(overflow) << count;
    for (int i = 0; i < count; ++i) EXPECT_EQ(out[i], grads[i] * (1.0f / 1024.0f));
    for (float bad : {INFINITY, -INFINITY, NAN}) {
      std::vector<float> with_bad = grads;
      with_bad[rng() % count] = bad;
      ASSERT_TRUE(run_gpu_unscale_check(with_bad, 1024.0f, &out, &overflow).is_ok());
      EXPECT_TRUE(overflow) << count << " with " << bad;
    }
  }
}

struct Tolerance {
  double probabilities, gradients;
};

Tolerance tolerance_for(Precision p) {
  switch (p) {
    case Precision::fp32: return {1e-5, 1e-4};
    // Not emulated: the reference stays FP32, so this bounds how far TF32 (10-bit mantissa)
    // lands from it. The H100 gave 1.7-2.0e-2 at width 1 and 3.1e-2 at width 4 (conv1's
    // gradient, a sum with heavy cancellation), 2026-11-24.
    case Precision::tf32: return {1e-2, 5e-2};
    case Precision::bf16: return {3e-3, 2e-2};  // emulated; left: FP32 sums, values on rounding edges
    case Precision::fp16: return {1e-3, 5e-3};
  }
  return {};
}

void check_step(int width, Precision p, int batch, std::uint32_t seed) {
  SCOPED_TRACE(std::string(format_info(p).key) + " width " + std::to_string(width) + " batch " + std::to_string(batch));
  WideShape shape;
  ASSERT_TRUE(wide_shape(width, &shape).is_ok());
  std::mt19937 rng(seed);
  std::vector<float> params = wide_initial_parameters(shape, rng());
  std::uniform_real_distribution<float> small(-0.05f, 0.05f);
  for (const cnn::ParamBlock& block : shape.blocks)
    if (block.is_bias)
      for (int i = 0; i < block.count; ++i) params[block.offset + i] = small(rng);
  std::vector<std::uint8_t> images(static_cast<std::size_t>(batch) * cnn::kImagePixels), labels(batch);
  for (auto& px : images) px = static_cast<std::uint8_t>(rng() % 256);
  for (auto& l : labels) l = static_cast<std::uint8_t>(rng() % cnn::kClasses);
  cnn::AdamConfig adam;
  adam.learning_rate = 2e-3f;
  const float scale = p == Precision::fp16 ? 1024.0f : 1.0f;

  MixedStepCheck gpu;
  const Status s = run_mixed_step_check(shape, p, params, images, labels, adam, scale, &gpu);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_TRUE(all_finite(gpu.probabilities) && all_finite(gpu.gradients) && all_finite(gpu.updated))
      << "an output was left unwritten (NaN poison) or overflowed";
  EXPECT_FALSE(gpu.skipped);
  EXPECT_EQ(gpu.loss_scale_after, scale) << "one good step leaves the scale as it was";

  const testing::ReferenceStep ref = testing::reference_step(shape, p, params, images, labels, scale);
  const Tolerance tol = tolerance_for(p);
  const double prob_error = relative_error(gpu.probabilities, ref.probabilities, 0, ref.probabilities.size());
  EXPECT_LT(prob_error, tol.probabilities);
  EXPECT_NEAR(gpu.mean_loss, ref.mean_loss, tol.probabilities * 10 * ref.mean_loss);
  EXPECT_NEAR(gpu.correct, ref.correct, 1);
  double worst = 0;
  for (const cnn::ParamBlock& block : shape.blocks) {
    const double e = relative_error(gpu.gradients, ref.gradients, block.offset, block.offset + block.count);
    worst = std::max(worst, e);
    EXPECT_LT(e, tol.gradients) << block.name;
  }
  std::printf("    %s width %d batch %d: probabilities %.2e, worst gradient block %.2e (relative to float64)\n",
              format_info(p).key, width, batch, prob_error, worst);
  // Adam from zero state on the GPU's own gradients, in float: the update kernel exactly.
  std::vector<float> expected = params, m(params.size(), 0.0f), v(params.size(), 0.0f);
  const float step_size = static_cast<float>(adam.learning_rate / (1.0 - adam.beta1));
  const float inv_sqrt_bc2 = static_cast<float>(1.0 / std::sqrt(1.0 - adam.beta2));
  for (std::size_t i = 0; i < params.size(); ++i)
    cnn::adam_update(expected[i], m[i], v[i], gpu.gradients[i], adam.beta1, adam.beta2, adam.epsilon, step_size,
                     inv_sqrt_bc2);
  EXPECT_LT(relative_error(gpu.updated, expected, 0, expected.size()), 1e-6);
}

TEST(GpuMixedStep, EveryPrecisionMatchesTheFloat64ReferenceAtWidthOne) {
  WHYGPU_REQUIRE_GPU();
  for (Precision p : kAllPrecisions)
    for (int batch : {1, 5, 64}) check_step(1, p, batch, 100 + batch);
}

TEST(GpuMixedStep, EveryPrecisionMatchesTheFloat64ReferenceAtWidthFour) {
  WHYGPU_REQUIRE_GPU();
  for (Precision p : kAllPrecisions) check_step(4, p, 3, 7);
}

TEST(GpuMixedStep, Fp16OverflowSkipsTheStepAndHalvesTheScale) {
  WHYGPU_REQUIRE_GPU();
  WideShape shape;
  ASSERT_TRUE(wide_shape(1, &shape).is_ok());
  std::mt19937 rng(5);
  const std::vector<float> params = wide_initial_parameters(shape, 3);
  std::vector<std::uint8_t> images(7 * cnn::kImagePixels), labels(7);
  for (auto& px : images) px = static_cast<std::uint8_t>(rng() % 256);
  for (auto& l : labels) l = static_cast<std::uint8_t>(rng() % cnn::kClasses);
  MixedStepCheck huge;
  const float scale = std::ldexp(1.0f, 40);  // the loss gradient alone is then far past FP16's 65504
  ASSERT_TRUE(run_mixed_step_check(shape, Precision::fp16, params, images, labels, cnn::AdamConfig{}, scale, &huge)
                  .is_ok());
  EXPECT_TRUE(huge.skipped);
  EXPECT_EQ(huge.loss_scale_after, scale / 2);
  EXPECT_EQ(huge.updated, params) << "a skipped step changes no weight";
  // The same step with the loss scaled enough for FP16 but not too much agrees with FP32.
  MixedStepCheck fp16, fp32;
  ASSERT_TRUE(run_mixed_step_check(shape, Precision::fp16, params, images, labels, cnn::AdamConfig{}, 4096.0f, &fp16)
                  .is_ok());
  ASSERT_TRUE(run_mixed_step_check(shape, Precision::fp32, params, images, labels, cnn::AdamConfig{}, 1.0f, &fp32)
                  .is_ok());
  EXPECT_FALSE(fp16.skipped);
  EXPECT_LT(relative_error(fp16.gradients, fp32.gradients, 0, fp32.gradients.size()), 2e-2);
  // Without scaling, FP16 loses the smallest gradients: report how much (the lesson's point).
  MixedStepCheck unscaled;
  ASSERT_TRUE(run_mixed_step_check(shape, Precision::fp16, params, images, labels, cnn::AdamConfig{}, 1.0f, &unscaled)
                  .is_ok());
  const int conv1 = shape.blocks[cnn::kConv1Weight].offset, conv1_end = conv1 + shape.blocks[cnn::kConv1Weight].count;
  std::printf("    conv1 weight gradient against FP32: %.2e with the loss scaled by 4096, %.2e unscaled\n",
              relative_error(fp16.gradients, fp32.gradients, conv1, conv1_end),
              relative_error(unscaled.gradients, fp32.gradients, conv1, conv1_end));
}

}  // namespace
}  // namespace whygpu::precision
