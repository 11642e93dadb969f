// Every GPU rung of the matmul ladder (and every register-tiled tile shape) against a
// float64 reference on fresh random inputs, output poisoned with NaN, at odd sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <span>
#include <tuple>

#include "compute/core/gpu_info.h"
#include "compute/kernels/auto_tile_shape.h"
#include "compute/kernels/half_operands.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/tensor_core_support.h"
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

// Small odd shapes (edges of every tile, k shorter and longer than a tile step) and the
// large ones (many waves of tiles). The sanitizers run the small ones: racecheck takes
// minutes over a single 4097 cube.
const Shape kSmallShapes[] = {{1, 1, 1}, {31, 31, 31}, {129, 67, 1001}, {3, 517, 2}, {640, 36, 100}};
const Shape kLargeShapes[] = {{1000, 1000, 1000}, {1025, 1025, 1025}, {4097, 4097, 4097}};

// Why this GPU and build refuse `variant` ("" when it runs): the wgmma rung needs Hopper.
std::string refusal(MatmulVariant variant) {
  const GpuInfo& g = gpu_info();
  return tensor_core_refusal(variant, g.compute_major, g.compute_minor, wgmma_code_present());
}

class GpuMatmul : public ::testing::TestWithParam<MatmulVariant> {};

void expect_matches_reference(MatmulVariant variant, std::span<const Shape> shapes) {
  const VariantInfo& info = matmul_variant_info(variant);
  for (const Shape& s : shapes) {
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

TEST_P(GpuMatmul, MatchesFloat64ReferenceAtSmallOddSizes) {
  WHYGPU_REQUIRE_GPU();
  if (const std::string why = refusal(GetParam()); !why.empty()) GTEST_SKIP() << why;
  expect_matches_reference(GetParam(), kSmallShapes);
}

TEST_P(GpuMatmul, MatchesFloat64ReferenceAtLargeSizes) {
  WHYGPU_REQUIRE_GPU();
  if (const std::string why = refusal(GetParam()); !why.empty()) GTEST_SKIP() << why;
  expect_matches_reference(GetParam(), kLargeShapes);
}

INSTANTIATE_TEST_SUITE_P(
    Ladder, GpuMatmul,
    ::testing::Values(MatmulVariant::GpuNaive, MatmulVariant::GpuCoalesced,
                      MatmulVariant::GpuSharedTiled, MatmulVariant::GpuRegisterTiled,
                      MatmulVariant::GpuTcWmmaFp16, MatmulVariant::GpuTcWmmaBf16,
                      MatmulVariant::GpuTcMmaBf16, MatmulVariant::GpuTcWgmmaBf16,
                      MatmulVariant::CublasFp32, MatmulVariant::CublasTf32,
                      MatmulVariant::CublasFp16, MatmulVariant::CublasBf16),
    [](const auto& info) {
      std::string key(matmul_variant_info(info.param).key);
      for (char& ch : key)
        if (ch == '-') ch = '_';
      return key;
    });

// The FP32 tile shapes --tune compares must all be right, since any may be picked for a
// size. (The Tensor Core rungs' shapes: gpu_tensor_core_test.cpp.)
TEST(GpuSgemmTileShapes, EveryShapeMatchesReference) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = MatmulVariant::GpuRegisterTiled;
  const auto shapes = matmul_tile_shapes(v);
  ASSERT_FALSE(shapes.empty());
  for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
    for (const Shape& s : {Shape{1, 1, 1}, Shape{31, 31, 31}, Shape{1000, 1000, 1000},
                           Shape{1025, 1025, 1025}, Shape{129, 67, 1001}, Shape{640, 36, 100},
                           Shape{3, 516, 4}, Shape{3001, 3001, 3001}, Shape{4097, 4097, 4097}}) {
      SCOPED_TRACE(shapes[static_cast<std::size_t>(i)] + " " + s.name());
      const Problem& p = problem(s);
      auto c = s.poisoned_output();
      const Status st = matmul_with_tile_shape(v, i, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k);
      ASSERT_TRUE(st) << st.message();
      EXPECT_LT(relative_error(c, p.ref), 1e-5);
    }
  }
}

// Every shape the tables name is one the rung has (no GPU needed): a misspelt name once
// sent n = 1000 to the slowest FP32 shape. Sizes from 1 to 16384 on GPUs of 1 to 144 SMs.
TEST(TileShapeRules, EveryRuleNamesAShapeOfItsRung) {
  for (MatmulVariant v : {MatmulVariant::GpuRegisterTiled, MatmulVariant::GpuTcWmmaFp16,
                          MatmulVariant::GpuTcWmmaBf16, MatmulVariant::GpuTcMmaBf16,
                          MatmulVariant::GpuTcWgmmaBf16}) {
    const auto shapes = matmul_tile_shapes(v);
    ASSERT_FALSE(shapes.empty());
    for (int sms : {1, 46, 108, 132, 144})
      for (int major : {7, 8, 9})
        for (int n = 1; n <= 16384; n = n * 2 + 1) {
          const std::string name = auto_tile_shape(v, n, n, sms, major);
          EXPECT_NE(std::find(shapes.begin(), shapes.end(), name), shapes.end())
              << matmul_variant_info(v).key << " n=" << n << " sms=" << sms << ": " << name;
        }
  }
}

TEST(GpuSgemmTileShapes, SelectionChangesTheLadderRung) {
  WHYGPU_REQUIRE_GPU();
  const MatmulVariant v = MatmulVariant::GpuRegisterTiled;
  EXPECT_EQ(selected_matmul_tile_shape(v), "auto");
  const Shape s{1000, 1000, 1000};
  const Problem& p = problem(s);
  for (const std::string& name : matmul_tile_shapes(v)) {
    ASSERT_TRUE(select_matmul_tile_shape(v, name));
    EXPECT_EQ(selected_matmul_tile_shape(v), name);
    EXPECT_EQ(matmul_tile_shape_for(v, 1000, 1000, 1000), name);
    auto c = s.poisoned_output();
    ASSERT_TRUE(matmul(v, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k));
    EXPECT_LT(relative_error(c, p.ref), 1e-5) << name;
  }
  EXPECT_FALSE(select_matmul_tile_shape(v, "no-such-shape"));
  EXPECT_FALSE(select_matmul_tile_shape(MatmulVariant::CublasFp32, "auto"));
  ASSERT_TRUE(select_matmul_tile_shape(v, "auto"));
  EXPECT_EQ(selected_matmul_tile_shape(v), "auto");
}

// "auto" picks a shape by size, and the row says which.
TEST(GpuSgemmTileShapes, AutoNamesTheShapeInTheRow) {
  WHYGPU_REQUIRE_GPU();
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 3;
  for (MatmulVariant v : {MatmulVariant::GpuRegisterTiled, MatmulVariant::GpuTcWgmmaBf16}) {
    if (!refusal(v).empty()) continue;
    std::vector<Measurement> rows;
    ASSERT_TRUE(run_matmul(v, 1000, opt, &rows));
    ASSERT_EQ(rows.size(), 1u);
    const std::string shape = matmul_tile_shape_for(v, 1000, 1000, 1000);
    EXPECT_FALSE(shape.empty());
    EXPECT_NE(rows[0].note.find("tile shape " + shape + " (auto)"), std::string::npos) << rows[0].note;
  }
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
    if (!refusal(v).empty()) continue;  // the message is checked in gpu_tensor_core_test
    std::vector<Measurement> rows;
    const Status st = run_matmul(v, 257, opt, &rows);
    ASSERT_EQ(rows.size(), 1u);
    ASSERT_TRUE(st) << st.message();
    // 257 is not a multiple of 8: our Tensor Core rungs time a padded copy and say so.
    if (matmul_variant_info(v).key.rfind("gpu-tc-", 0) == 0) {
      EXPECT_NE(rows[0].note.find("padded"), std::string::npos) << rows[0].note;
    }
    EXPECT_EQ(rows[0].state, RowState::Measured);
    EXPECT_EQ(rows[0].time.repeats, 3);
    EXPECT_GT(rows[0].gflops(), 1.0) << matmul_variant_info(v).key;
  }
}

}  // namespace
}  // namespace whygpu::kernels
