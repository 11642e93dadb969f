#include <gtest/gtest.h>

#include "compute/grid/launch_config.h"
#include "tests/grid/grid_test_support.h"

namespace whygpu::grid {
namespace {

using testing::matrix;
using testing::vector;

// An H100's limits (cudaDeviceProp), so these tests need no GPU.
DeviceLimits h100() { return DeviceLimits{1024, {1024, 1024, 64}, {2147483647, 65535, 65535}, 48 * 1024}; }

TEST(LaunchConfig, ComputedGridCoversTheProblem) {
  EXPECT_EQ(launch_grid(vector(1000, {256, 1, 1})), (Dim3{4, 1, 1}));
  EXPECT_EQ(launch_grid(vector(1024, {256, 1, 1})), (Dim3{4, 1, 1}));
  EXPECT_EQ(launch_grid(vector(1025, {256, 1, 1})), (Dim3{5, 1, 1}));
  EXPECT_EQ(launch_grid(vector(100, {8, 4, 1})), (Dim3{4, 1, 1}));  // 32 threads a block
  EXPECT_EQ(launch_grid(matrix(100, 60, {16, 16, 1})), (Dim3{7, 4, 1}));
  EXPECT_EQ(launch_grid(matrix(64, 64, {16, 16, 1})), (Dim3{4, 4, 1}));
}

TEST(LaunchConfig, ManualGridIsUsedAsGiven) {
  LaunchConfig c = vector(1000, {256, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {1, 2, 3};
  EXPECT_EQ(launch_grid(c), (Dim3{1, 2, 3}));
}

TEST(LaunchConfig, LaunchSyntax) {
  EXPECT_EQ(launch_syntax(vector(1000, {256, 1, 1})), "<<<4, 256>>>");
  EXPECT_EQ(launch_syntax(matrix(100, 60, {16, 16, 1})), "<<<dim3(7, 4, 1), dim3(16, 16, 1)>>>");
}

TEST(LaunchConfig, ValidateRejectsWhatCannotBeLaunchedAtAll) {
  EXPECT_TRUE(validate(vector(1000, {256, 1, 1})).is_ok());
  EXPECT_FALSE(validate(vector(0, {256, 1, 1})).is_ok());
  EXPECT_FALSE(validate(vector(kMaxVectorElements + 1, {256, 1, 1})).is_ok());
  EXPECT_FALSE(validate(vector(10, {0, 1, 1})).is_ok());
  EXPECT_FALSE(validate(vector(10, {256, -1, 1})).is_ok());
  EXPECT_FALSE(validate(vector(10, {kMaxDimValue + 1, 1, 1})).is_ok());
  EXPECT_FALSE(validate(matrix(0, 5, {16, 16, 1})).is_ok());
  EXPECT_FALSE(validate(matrix(5, kMaxMatrixSide + 1, {16, 16, 1})).is_ok());
  LaunchConfig c = vector(10, {256, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {0, 1, 1};
  EXPECT_FALSE(validate(c).is_ok());
  // Over the GPU's limits is not the lesson's business: the runtime will answer.
  EXPECT_TRUE(validate(vector(500000, {500000, 1, 1})).is_ok());
}

TEST(LaunchConfig, PictureSizeIsBounded) {
  LaunchConfig c = vector(1000, {1024, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {100000, 1, 1};
  EXPECT_TRUE(too_big_to_draw(make_shape(c)));
  c.grid_manual = {4096, 1, 1};  // exactly 4 Mi threads
  EXPECT_FALSE(too_big_to_draw(make_shape(c)));
  c.grid_manual = {4294967295, 65535, 65535};  // no overflow on the way
  EXPECT_TRUE(too_big_to_draw(make_shape(c)));
}

TEST(LaunchConfig, WithinLimitsIsNotFlagged) {
  for (const LaunchConfig& c : {vector(1000, {256, 1, 1}), vector(5000, {1024, 1, 1}),
                                matrix(100, 60, {16, 16, 1}), matrix(100, 60, {32, 32, 1}),
                                matrix(64, 64, {4, 4, 64})}) {
    const LaunchCheck check = check_against_limits(c, 0, h100());
    EXPECT_FALSE(check.exceeds_limits) << launch_syntax(c) << ": " << check.broken_limit.english();
  }
  EXPECT_FALSE(check_against_limits(vector(10, {32, 1, 1}), 48 * 1024, h100()).exceeds_limits);
}

TEST(LaunchConfig, TooManyThreadsPerBlock) {
  const LaunchCheck check = check_against_limits(vector(2000, {1025, 1, 1}), 0, h100());
  ASSERT_TRUE(check.exceeds_limits);
  EXPECT_NE(check.broken_limit.english().find("1024"), std::string::npos) << check.broken_limit.english();
  EXPECT_NE(check.broken_limit.english().find("1025"), std::string::npos) << check.broken_limit.english();
  // 1025 threads as 41 x 25 x 1 also breaks it: the product counts, not each side.
  EXPECT_TRUE(check_against_limits(matrix(100, 100, {41, 25, 1}), 0, h100()).exceeds_limits);
}

TEST(LaunchConfig, TheCurriculumsHalfMillionThreadBlock) {
  LaunchConfig c = vector(500000, {500000, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {1, 1, 1};
  EXPECT_EQ(launch_syntax(c), "<<<1, 500000>>>");
  const LaunchCheck check = check_against_limits(c, 0, h100());
  ASSERT_TRUE(check.exceeds_limits);
  EXPECT_NE(check.broken_limit.english().find("500000"), std::string::npos) << check.broken_limit.english();
  // The hint names a launch that works: ceil(500000 / 256) = 1954 blocks of 256.
  EXPECT_NE(check.hint.english().find("<<<1954, 256>>>"), std::string::npos) << check.hint.english();
}

TEST(LaunchConfig, BlockAndGridDimensionLimits) {
  const LaunchCheck z = check_against_limits(matrix(8, 8, {2, 2, 65}), 0, h100());
  ASSERT_TRUE(z.exceeds_limits);
  EXPECT_NE(z.broken_limit.english().find("blockDim.z"), std::string::npos) << z.broken_limit.english();

  LaunchConfig tall = vector(100, {1, 1, 1});
  tall.grid_auto = false;
  tall.grid_manual = {1, 65536, 1};
  const LaunchCheck y = check_against_limits(tall, 0, h100());
  ASSERT_TRUE(y.exceeds_limits);
  EXPECT_NE(y.broken_limit.english().find("gridDim.y"), std::string::npos) << y.broken_limit.english();

  const LaunchCheck shared = check_against_limits(vector(10, {32, 1, 1}), 64 * 1024, h100());
  ASSERT_TRUE(shared.exceeds_limits);
  EXPECT_NE(shared.broken_limit.english().find("shared memory"), std::string::npos) << shared.broken_limit.english();
}

TEST(LaunchConfig, CoverageOfAHandSetGrid) {
  LaunchConfig c = vector(1000, {256, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {2, 1, 1};
  EXPECT_EQ(elements_covered(make_shape(c)), 512u);
  LaunchConfig m = matrix(40, 30, {8, 8, 1});
  m.grid_auto = false;
  m.grid_manual = {3, 2, 1};
  EXPECT_EQ(elements_covered(make_shape(m)), 24u * 16u);
  EXPECT_EQ(element_count(make_shape(m)), 1200u);
}

}  // namespace
}  // namespace whygpu::grid
