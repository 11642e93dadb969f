// Every GPU rung of the matmul ladder (and every register-tiled tile shape) against a
// float64 reference on fresh random inputs, output poisoned with NaN, at odd sizes.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <tuple>

#include "compute/kernels/matmul.h"
#include "tests/gpu_test_support.h"
#include "tests/kernels/check_support.h"
#include "tests/kernels/matmul_test_support.h"

namespace whygpu::kernels {
namespace {

using Problem = testing::MatmulProblem;
using Shape = testing::MatmulShape;
using testing::relative_error;
using testing::tolerance_for;

// One random problem per shape for the whole run (fresh each run), shared by variants so
// the float64 reference of the 4097 cube is computed once.
const Problem& problem(const Shape& s) {
  static std::map<std::tuple<int, int, int>, Problem> cache;
  auto [it, fresh] = cache.try_emplace({s.m, s.n, s.k});
  if (fresh) it->second = testing::random_matmul_problem(s);
  return it->second;
}

const Shape kShapes[] = {{1, 1, 1},       {31, 31, 31},    {1000, 1000, 1000},
                         {1025, 1025, 1025}, {4097, 4097, 4097}, {129, 67, 1001},
                         {3, 517, 2},     {640, 36, 100}};

class GpuMatmul : public ::testing::TestWithParam<MatmulVariant> {};

TEST_P(GpuMatmul, MatchesFloat64ReferenceAtOddSizes) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant variant = GetParam();
  const VariantInfo& info = matmul_variant_info(variant);
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(s.name());
    const Problem& p = problem(s);
    auto c = s.poisoned_output();
    const Status st = matmul(variant, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k);
    ASSERT_TRUE(st) << st.message();
    const double err = relative_error(c, p.ref);
    std::printf("relative error %-20s %-16s %.3g\n", std::string(info.key).c_str(),
                s.name().c_str(), err);
    EXPECT_LT(err, tolerance_for(info.precision)) << "seed " << p.seed;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ladder, GpuMatmul,
    ::testing::Values(MatmulVariant::GpuNaive, MatmulVariant::GpuCoalesced,
                      MatmulVariant::GpuSharedTiled, MatmulVariant::GpuRegisterTiled,
                      MatmulVariant::CublasFp32, MatmulVariant::CublasTf32,
                      MatmulVariant::CublasFp16, MatmulVariant::CublasBf16),
    [](const auto& info) {
      std::string key(matmul_variant_info(info.param).key);
      for (char& ch : key)
        if (ch == '-') ch = '_';
      return key;
    });

// The tile shapes --tune compares must all be right, since any may become the default.
TEST(GpuSgemmTileShapes, EveryShapeMatchesReference) {
  WHYGPU_REQUIRE_GPU();
  const auto shapes = sgemm_tile_shapes();
  ASSERT_FALSE(shapes.empty());
  for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
    for (const Shape& s : {Shape{1, 1, 1}, Shape{31, 31, 31}, Shape{1000, 1000, 1000},
                           Shape{1025, 1025, 1025}, Shape{129, 67, 1001}, Shape{640, 36, 100},
                           Shape{3, 516, 4}, Shape{4097, 4097, 4097}}) {
      SCOPED_TRACE(shapes[static_cast<std::size_t>(i)] + " " + s.name());
      const Problem& p = problem(s);
      auto c = s.poisoned_output();
      ASSERT_TRUE(matmul_with_tile_shape(i, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k));
      EXPECT_LT(relative_error(c, p.ref), 1e-5);
    }
  }
}

TEST(GpuSgemmTileShapes, SelectionChangesTheLadderRung) {
  WHYGPU_REQUIRE_GPU();
  const std::string before = selected_sgemm_tile_shape();
  ASSERT_FALSE(before.empty());
  const Shape s{1000, 1000, 1000};
  const Problem& p = problem(s);
  for (const std::string& name : sgemm_tile_shapes()) {
    ASSERT_TRUE(select_sgemm_tile_shape(name));
    EXPECT_EQ(selected_sgemm_tile_shape(), name);
    auto c = s.poisoned_output();
    ASSERT_TRUE(matmul(MatmulVariant::GpuRegisterTiled, p.a.data(), p.b.data(), c.data(), s.m,
                       s.n, s.k));
    EXPECT_LT(relative_error(c, p.ref), 1e-5) << name;
  }
  EXPECT_FALSE(select_sgemm_tile_shape("no-such-shape"));
  ASSERT_TRUE(select_sgemm_tile_shape(before));
}

TEST(GpuMatmul, TooBigForMemoryIsAClearError) {
  WHYGPU_REQUIRE_GPU();
  std::vector<Measurement> rows;
  const Status s = run_matmul(MatmulVariant::CublasFp32, 1 << 17, BenchOptions{}, &rows);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("needs"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("GPU memory"), std::string::npos) << s.message();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Failed);
}

TEST(GpuMatmul, RunMatmulMeasuresEveryGpuRung) {
  WHYGPU_REQUIRE_GPU();
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 3;
  for (MatmulVariant v : all_matmul_variants()) {
    if (!matmul_variant_info(v).on_gpu) continue;
    std::vector<Measurement> rows;
    ASSERT_TRUE(run_matmul(v, 257, opt, &rows));
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].state, RowState::Measured);
    EXPECT_EQ(rows[0].time.repeats, 3);
    EXPECT_GT(rows[0].gflops(), 1.0) << matmul_variant_info(v).key;
  }
}

}  // namespace
}  // namespace whygpu::kernels
