// Augmentation's arithmetic (augmentation.h) and the CPU trainer with it switched on.
#include "compute/cnn/augmentation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "compute/cnn/trainer.h"
#include "tests/cnn/synthetic_data.h"

namespace whygpu::cnn {
namespace {

std::vector<std::uint8_t> random_image(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> image(kImagePixels);
  for (auto& p : image) p = static_cast<std::uint8_t>(rng() % 256);
  return image;
}

TEST(Augmentation, ZeroTransformIsTheImageItself) {
  const std::vector<std::uint8_t> image = random_image(3);
  const AugmentTransform identity{1.0f, 0.0f, 0.0f, 0.0f};
  for (int y = 0; y < kImageSide; ++y)
    for (int x = 0; x < kImageSide; ++x)
      EXPECT_NEAR(augmented_pixel(image.data(), identity, x, y), image[y * kImageSide + x] / 255.0f, 1e-6f);
}

TEST(Augmentation, WholePixelShiftMovesTheImageAndFillsBlack) {
  const std::vector<std::uint8_t> image = random_image(4);
  const AugmentTransform shift{1.0f, 0.0f, 2.0f, -1.0f};  // right 2, up 1
  for (int y = 0; y < kImageSide; ++y)
    for (int x = 0; x < kImageSide; ++x) {
      const int sx = x - 2, sy = y + 1;
      const float expected =
          sx >= 0 && sx < kImageSide && sy >= 0 && sy < kImageSide ? image[sy * kImageSide + sx] / 255.0f : 0.0f;
      EXPECT_NEAR(augmented_pixel(image.data(), shift, x, y), expected, 1e-6f) << x << "," << y;
    }
}

TEST(Augmentation, QuarterTurnRotatesAboutTheCentre) {
  const std::vector<std::uint8_t> image = random_image(5);
  const AugmentTransform quarter{0.0f, 1.0f, 0.0f, 0.0f};
  // Output (x, y) reads input (y, 27 - x): a quarter turn of the picture.
  for (int y = 0; y < kImageSide; ++y)
    for (int x = 0; x < kImageSide; ++x)
      EXPECT_NEAR(augmented_pixel(image.data(), quarter, x, y), image[(27 - x) * kImageSide + y] / 255.0f, 1e-5f);
}

TEST(Augmentation, TransformsStayInRangeDifferPerImageAndRepeatPerStep) {
  const AugmentState state{12.0f, 2.0f, augment_seed(9)};
  double angle_sum = 0;
  int distinct = 0;
  AugmentTransform previous{};
  for (int slot = 0; slot < 500; ++slot) {
    const AugmentTransform t = augment_transform(state, 7, slot);
    const double degrees = std::atan2(t.sin_a, t.cos_a) * 180.0 / M_PI;
    EXPECT_LE(std::fabs(degrees), 12.0 + 1e-4);
    EXPECT_LE(std::fabs(t.shift_x), 2.0f);
    EXPECT_LE(std::fabs(t.shift_y), 2.0f);
    angle_sum += degrees;
    distinct += t.shift_x != previous.shift_x;
    previous = t;
    const AugmentTransform again = augment_transform(state, 7, slot);
    EXPECT_EQ(again.cos_a, t.cos_a);
    EXPECT_EQ(again.shift_y, t.shift_y);
  }
  EXPECT_EQ(distinct, 500);
  EXPECT_LT(std::fabs(angle_sum / 500), 1.5) << "angles centred on zero";
  const AugmentTransform other_step = augment_transform(state, 8, 0);
  EXPECT_NE(other_step.shift_x, augment_transform(state, 7, 0).shift_x);
}

TEST(Augmentation, CpuTrainerAugmentsOnlyWhenAskedAndStillLearns) {
  const Dataset data = testing::bar_dataset(128, 4, 1);
  TrainerOptions options;
  options.batch_size = 32;
  options.cpu_threads = 2;
  std::unique_ptr<Trainer> plain, augmented;
  ASSERT_TRUE(create_cpu_trainer(options, &plain).is_ok());
  ASSERT_TRUE(create_cpu_trainer(options, &augmented).is_ok());
  EXPECT_FALSE(augmented->augmentation().enabled());
  augmented->set_augmentation(kDefaultAugmentation);
  EXPECT_TRUE(augmented->augmentation().enabled());
  ASSERT_TRUE(plain->set_training_data(data).is_ok());
  ASSERT_TRUE(augmented->set_training_data(data).is_ok());
  std::vector<StepMetrics> a, b;
  ASSERT_TRUE(plain->train(60, &a).is_ok());
  ASSERT_TRUE(augmented->train(60, &b).is_ok());
  EXPECT_NE(a[0].loss, b[0].loss) << "the first batch already differs";
  EXPECT_LT((b[56].loss + b[57].loss + b[58].loss + b[59].loss) / 4, 0.5f * b[0].loss);
  Evaluation eval;
  ASSERT_TRUE(augmented->evaluate(data, &eval).is_ok());
  EXPECT_GT(eval.accuracy, 0.9) << "evaluation sees the plain images";
}

}  // namespace
}  // namespace whygpu::cnn
