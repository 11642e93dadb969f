// The checks every OpenGL result passes before it is timed: they must catch what a
// driver can get wrong (an element never written, a wrong sum, low precision) and name it.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "app/glcompute/gl_kernels.h"
#include "app/glcompute/result_check.h"
#include "compute/kernels/random_fill.h"

namespace whygpu::app {
namespace {

std::vector<float> random(std::size_t n, std::uint64_t seed) {
  std::vector<float> v(n);
  kernels::fill_uniform(v.data(), n, seed);
  return v;
}

std::vector<float> product(const std::vector<float>& a, const std::vector<float>& b, int m, int n, int k) {
  std::vector<float> c(static_cast<std::size_t>(m) * n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0.0;
      for (int p = 0; p < k; ++p) sum += static_cast<double>(a[i * k + p]) * b[p * n + j];
      c[i * n + j] = static_cast<float>(sum);
    }
  return c;
}

TEST(CheckVectorAdd, AcceptsTheSumAndNamesAWrongOrMissingElement) {
  const std::size_t n = 1001;
  const auto a = random(n, 1), b = random(n, 2);
  std::vector<float> c(n);
  for (std::size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  EXPECT_TRUE(check_vector_add(a.data(), b.data(), c.data(), n));
  c[777] += 1e-3f;
  Status s = check_vector_add(a.data(), b.data(), c.data(), n);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("c[777]"), std::string::npos) << s.message();
  c[777] = a[777] + b[777];
  c[1000] = std::numeric_limits<float>::quiet_NaN();
  s = check_vector_add(a.data(), b.data(), c.data(), n);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("never wrote"), std::string::npos) << s.message();
}

TEST(CheckMatmul, AcceptsFp32SumsAndCatchesErrorsInEveryCheckedRow) {
  const int m = 37, n = 29, k = 301;
  const auto a = random(static_cast<std::size_t>(m) * k, 3), b = random(static_cast<std::size_t>(k) * n, 4);
  auto c = product(a, b, m, n, k);
  EXPECT_TRUE(check_matmul(a.data(), b.data(), c.data(), m, n, k, m));
  EXPECT_TRUE(check_matmul(a.data(), b.data(), c.data(), m, n, k, 4));
  // Wrong in the last row, which a sampled check always includes.
  c[36 * n + 5] += 0.5f;
  Status s = check_matmul(a.data(), b.data(), c.data(), m, n, k, 4);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("C[36][5]"), std::string::npos) << s.message();
  // Half precision everywhere is too coarse for FP32.
  c = product(a, b, m, n, k);
  for (float& x : c) x = std::round(x * 256.0f) / 256.0f;
  EXPECT_FALSE(check_matmul(a.data(), b.data(), c.data(), m, n, k, m));
  // A NaN is found in any row, sampled or not.
  c = product(a, b, m, n, k);
  c[17 * n + 3] = std::numeric_limits<float>::quiet_NaN();
  s = check_matmul(a.data(), b.data(), c.data(), m, n, k, 2);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("C[17][3]"), std::string::npos) << s.message();
}

TEST(RowsPerBand, KeepsEachBandUnderTheLimitInWholeTiles) {
  EXPECT_EQ(rows_per_band(100, 100, 100, 1), 100);      // small: one band
  EXPECT_EQ(rows_per_band(4096, 4096, 4096, 1), 64);    // 2^30 / 2^24
  EXPECT_EQ(rows_per_band(4096, 4096, 4096, 16), 64);
  EXPECT_EQ(rows_per_band(16384, 16384, 16384, 16), 16);  // never below one tile
  EXPECT_EQ(rows_per_band(5000, 3000, 3000, 16), 112);  // 119 rounded down to a multiple of 16
}

}  // namespace
}  // namespace whygpu::app
