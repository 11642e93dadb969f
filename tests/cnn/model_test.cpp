#include "compute/cnn/model.h"

#include <gtest/gtest.h>

#include <cmath>

#include "compute/cnn/epoch_sampler.h"

namespace whygpu::cnn {
namespace {

TEST(Model, HasTheCurriculumsParameterCountAndShapes) {
  EXPECT_EQ(kParameterCount, 93322);
  int next = 0;
  for (const ParamBlock& block : kParamBlocks) {
    EXPECT_EQ(block.offset, next) << block.name;
    EXPECT_EQ(block.offset % 4, 0) << block.name << " keeps 16-byte alignment";
    next += block.count;
  }
  EXPECT_EQ(next, kParameterCount);
  EXPECT_EQ(kConv1.out_side, 26);
  EXPECT_EQ(kConv1.pooled_side, 13);
  EXPECT_EQ(kConv2.out_side, 11);
  EXPECT_EQ(kConv2.pooled_side, 5);
  EXPECT_EQ(kConv3.out_side, 3);
  EXPECT_EQ(kFlatten, 576);
  EXPECT_NE(model_summary().find("93322"), std::string::npos);
}

TEST(Model, InitialWeightsAreSeededAndHeScaled) {
  const auto a = initial_parameters(7);
  const auto b = initial_parameters(7);
  const auto c = initial_parameters(8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (const ParamBlock& block : kParamBlocks) {
    const double bound = std::sqrt(6.0 / block.fan_in);
    double sum_sq = 0;
    for (int i = 0; i < block.count; ++i) {
      const float v = a[block.offset + i];
      if (block.is_bias) {
        ASSERT_EQ(v, 0.0f) << block.name;
      } else {
        ASSERT_LE(std::abs(v), bound) << block.name;
      }
      sum_sq += double(v) * v;
    }
    if (!block.is_bias) {  // uniform on [-b, b] has variance b^2/3
      EXPECT_NEAR(std::sqrt(sum_sq / block.count), bound / std::sqrt(3.0), 0.15 * bound) << block.name;
    }
  }
}

TEST(EpochSampler, VisitsEachImageOncePerEpochAndRepeatsWithTheSeed) {
  EpochSampler a(100, 5), b(100, 5);
  std::vector<int> seen(100, 0);
  int start = 0;
  EXPECT_TRUE(a.next_batch(30, &start));
  EXPECT_EQ(start, 0);
  for (int i = 0; i < 30; ++i) ++seen[a.order()[i]];
  EXPECT_FALSE(a.next_batch(30, &start));
  for (int i = 0; i < 30; ++i) ++seen[a.order()[start + i]];
  EXPECT_FALSE(a.next_batch(30, &start));
  for (int i = 0; i < 30; ++i) ++seen[a.order()[start + i]];
  for (int v : seen) EXPECT_LE(v, 1);
  const std::vector<int> first_order = a.order();
  EXPECT_TRUE(a.next_batch(30, &start)) << "10 left, fewer than a batch: a new epoch";
  EXPECT_EQ(start, 0);
  EXPECT_EQ(a.epochs_completed(), 1);
  EXPECT_NE(a.order(), first_order);
  for (int i = 0; i < 4; ++i) b.next_batch(30, &start);
  EXPECT_EQ(a.order(), b.order());
}

}  // namespace
}  // namespace whygpu::cnn
