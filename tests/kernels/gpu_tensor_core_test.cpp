// The Tensor Core rungs (ours and, as a calibration, cuBLAS's) against a float64 product
// of the inputs rounded exactly as the GPU rounds them, so the tolerances measure only the
// FP32 sums: a norm-wise relative error and an element-wise bound, both far below what a
// missing k slice or a misplaced element would give. Every tile shape of every rung, odd
// sizes (edges, padded copies), fresh random inputs, NaN-poisoned outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "compute/core/gpu_info.h"
#include "compute/kernels/half_operands.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/tensor_core_support.h"
#include "tests/gpu_test_support.h"
#include "tests/kernels/check_support.h"
#include "tests/kernels/low_precision_reference.h"
#include "tests/kernels/matmul_test_support.h"

namespace whygpu::kernels {
namespace {

using Shape = testing::MatmulShape;

// Norm-wise: ||C - ref|| / ||ref||. FP32 sums of k exact products drift by about
// sqrt(k) 2^-24 (1e-5 would do for k = 3001); Tensor Cores truncate when they align
// addends, which adds a bias of up to about k/16 ulps of the running sum. An index error or
// a lost k slice gives 1e-2 or more.
constexpr double kNormTolerance = 1e-4;
// Element-wise: |C - ref| <= kElementTolerance * (|A| |B|)_ij, the size of the terms summed.
constexpr double kElementTolerance = 1e-4;

struct RoundedProblem {
  std::vector<float> a, b;            // FP32 inputs as drawn
  std::vector<double> ref, abs_ref;   // products of the rounded inputs and of their magnitudes
  std::uint64_t seed = 0;
};

const RoundedProblem& problem(const Shape& s, std::string_view precision) {
  static std::map<std::tuple<int, int, int, std::string>, RoundedProblem> cache;
  auto [it, fresh] = cache.try_emplace({s.m, s.n, s.k, std::string(precision)});
  if (fresh) {
    RoundedProblem& p = it->second;
    p.seed = fresh_seed();
    p.a = testing::random_vector(static_cast<std::size_t>(s.m) * s.k, p.seed);
    p.b = testing::random_vector(static_cast<std::size_t>(s.k) * s.n, p.seed + 1);
    std::vector<float> ar = testing::rounded(p.a, precision), br = testing::rounded(p.b, precision);
    p.ref = testing::matmul_reference(ar, br, s.m, s.n, s.k);
    for (float& x : ar) x = std::fabs(x);
    for (float& x : br) x = std::fabs(x);
    p.abs_ref = testing::matmul_reference(ar, br, s.m, s.n, s.k);
  }
  return it->second;
}

// Checks C against the problem; returns the norm-wise error for the log.
double check(const std::vector<float>& c, const RoundedProblem& p) {
  const double err = testing::relative_error(c, p.ref);
  EXPECT_LT(err, kNormTolerance) << "seed " << p.seed;
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < p.ref.size(); ++i) {
    if (!(std::fabs(c[i] - p.ref[i]) <= kElementTolerance * p.abs_ref[i] + 1e-30)) {
      if (bad++ == 0) first = i;
    }
  }
  EXPECT_EQ(bad, 0u) << "first bad element " << first << ": " << c[first] << " vs " << p.ref[first]
                     << " (seed " << p.seed << ")";
  return err;
}

const MatmulVariant kOurs[] = {MatmulVariant::GpuTcWmmaFp16, MatmulVariant::GpuTcWmmaBf16,
                               MatmulVariant::GpuTcMmaBf16, MatmulVariant::GpuTcWgmmaBf16};

// What this GPU and build refuse ("" when the variant runs).
std::string refusal(MatmulVariant v) {
  const GpuInfo& g = gpu_info();
  return tensor_core_refusal(v, g.compute_major, g.compute_minor, wgmma_code_present());
}

std::string key(MatmulVariant v) { return std::string(matmul_variant_info(v).key); }

class TensorCoreRung : public ::testing::TestWithParam<MatmulVariant> {};

// Every tile shape at odd sizes: edges in m, n and k, a k that is not a multiple of 8
// (padded copy of A), an n that is not (padded copy of B), a single element.
TEST_P(TensorCoreRung, EveryShapeMatchesTheRoundedReference) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = GetParam();
  if (const std::string why = refusal(v); !why.empty()) GTEST_SKIP() << why;
  const std::string_view precision = matmul_variant_info(v).precision;
  const auto shapes = matmul_tile_shapes(v);
  ASSERT_FALSE(shapes.empty());
  for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
    for (const Shape& s : {Shape{1, 1, 1}, Shape{17, 33, 9}, Shape{255, 255, 255},
                           Shape{129, 67, 1001}, Shape{640, 36, 100}, Shape{1000, 1000, 1000},
                           Shape{1025, 1025, 1025}, Shape{3, 520, 64}}) {
      SCOPED_TRACE(key(v) + "@" + shapes[static_cast<std::size_t>(i)] + " " + s.name());
      const RoundedProblem& p = problem(s, precision);
      auto c = s.poisoned_output();
      const Status st = matmul_with_tile_shape(v, i, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k);
      ASSERT_TRUE(st) << st.message();
      const double err = check(c, p);
      std::printf("relative error %-34s %-16s %.3g\n",
                  (key(v) + "@" + shapes[static_cast<std::size_t>(i)]).c_str(), s.name().c_str(), err);
    }
  }
}

// The rung as the ladder runs it (shape chosen by size) at sizes with full and partial
// tiles, the largest odd one included.
TEST_P(TensorCoreRung, AutoShapeMatchesTheRoundedReferenceAtLargeSizes) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = GetParam();
  if (const std::string why = refusal(v); !why.empty()) GTEST_SKIP() << why;
  for (const Shape& s : {Shape{2048, 2048, 2048}, Shape{3001, 3001, 3001}}) {
    SCOPED_TRACE(key(v) + " " + s.name());
    const RoundedProblem& p = problem(s, matmul_variant_info(v).precision);
    auto c = s.poisoned_output();
    const Status st = matmul(v, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k);
    ASSERT_TRUE(st) << st.message();
    const double err = check(c, p);
    std::printf("relative error %-34s %-16s %.3g (shape %s)\n", key(v).c_str(), s.name().c_str(),
                err, matmul_tile_shape_for(v, s.m, s.n, s.k).c_str());
  }
}

// A B with B the identity gives A rounded, exactly: checks indexing element by element and
// that the GPU rounds as the reference does.
TEST_P(TensorCoreRung, TimesIdentityIsTheRoundedInputExactly) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = GetParam();
  if (const std::string why = refusal(v); !why.empty()) GTEST_SKIP() << why;
  for (int k : {64, 37}) {
    const int m = 131;
    const std::vector<float> a = testing::random_vector(static_cast<std::size_t>(m) * k, fresh_seed());
    std::vector<float> identity(static_cast<std::size_t>(k) * k, 0.0f);
    for (int i = 0; i < k; ++i) identity[static_cast<std::size_t>(i) * k + i] = 1.0f;
    std::vector<float> c = testing::poisoned(static_cast<std::size_t>(m) * k);
    ASSERT_TRUE(matmul(v, a.data(), identity.data(), c.data(), m, k, k));
    const std::vector<float> want = testing::rounded(a, matmul_variant_info(v).precision);
    int mismatches = 0;
    for (std::size_t i = 0; i < want.size(); ++i) mismatches += c[i] != want[i];
    EXPECT_EQ(mismatches, 0) << key(v) << " k=" << k;
  }
}

// Refused GPUs get the message, not a crash or a wrong answer.
TEST_P(TensorCoreRung, UnsupportedGpuGetsAClearMessage) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = GetParam();
  const std::string why = refusal(v);
  if (why.empty()) GTEST_SKIP() << key(v) << " runs on this GPU (the message is checked on the CPU)";
  const Shape s{64, 64, 64};
  const RoundedProblem& p = problem(s, matmul_variant_info(v).precision);
  auto c = s.poisoned_output();
  const Status st = matmul(v, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.message(), why);
}

INSTANTIATE_TEST_SUITE_P(Ours, TensorCoreRung, ::testing::ValuesIn(kOurs), [](const auto& info) {
  std::string name = key(info.param);
  for (char& ch : name)
    if (ch == '-') ch = '_';
  return name;
});

// cuBLAS on the same checks: if it missed the tolerances, they would be wrong, not our rungs.
TEST(TensorCoreCalibration, CublasMeetsTheSameTolerances) {
  WHYGPU_REQUIRE_GPU();
  for (MatmulVariant v : {MatmulVariant::CublasFp16, MatmulVariant::CublasBf16}) {
    for (const Shape& s : {Shape{1000, 1000, 1000}, Shape{3001, 3001, 3001}}) {
      SCOPED_TRACE(key(v) + " " + s.name());
      const RoundedProblem& p = problem(s, matmul_variant_info(v).precision);
      auto c = s.poisoned_output();
      ASSERT_TRUE(matmul(v, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k));
      std::printf("relative error %-34s %-16s %.3g\n", key(v).c_str(), s.name().c_str(), check(c, p));
    }
  }
}

}  // namespace
}  // namespace whygpu::kernels
