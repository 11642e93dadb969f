// The CPU rungs of the matmul ladder against a float64 reference, and argument checks.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "compute/core/gpu_info.h"
#include "compute/kernels/cpu_gemm.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/vector_add_bench.h"
#include "tests/kernels/check_support.h"
#include "tests/kernels/matmul_test_support.h"

namespace whygpu::kernels {
namespace {

using Shape = testing::MatmulShape;
using testing::random_matmul_problem;
using testing::relative_error;

const Shape kShapes[] = {{1, 1, 1},     {31, 31, 31},   {1, 37, 5},   {37, 1, 129},
                         {100, 100, 100}, {129, 67, 300}, {257, 255, 513}};

class CpuMatmul : public ::testing::TestWithParam<std::tuple<MatmulVariant, int>> {};

TEST_P(CpuMatmul, MatchesFloat64Reference) {
  const auto [variant, threads] = GetParam();
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(s.name());
    const auto p = random_matmul_problem(s);
    auto c = s.poisoned_output();
    ASSERT_TRUE(matmul(variant, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k, threads));
    EXPECT_LT(relative_error(c, p.ref), 1e-5) << "seed " << p.seed;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Variants, CpuMatmul,
    ::testing::Combine(::testing::Values(MatmulVariant::CpuNaive, MatmulVariant::CpuBlocked,
                                         MatmulVariant::CpuOpenBlas),
                       ::testing::Values(1, 3)),
    [](const auto& info) {
      return std::string(matmul_variant_info(std::get<0>(info.param)).key.substr(4)) + "_" +
             std::to_string(std::get<1>(info.param)) + "threads";
    });

// Each instruction-set build of the blocked kernel that this CPU can run.
TEST(CpuBlocked, EveryInstructionSetThisCpuSupports) {
  using cpu_gemm::Isa;
  for (Isa isa : {Isa::Generic, Isa::Avx2, Isa::Avx512}) {
    if (!cpu_gemm::isa_supported(isa)) continue;
    SCOPED_TRACE(cpu_gemm::isa_name(isa));
    for (const Shape& s : {Shape{1, 1, 1}, Shape{13, 33, 7}, Shape{150, 1100, 260}}) {
      const auto p = random_matmul_problem(s);
      auto c = s.poisoned_output();
      ASSERT_TRUE(cpu_gemm::sgemm_blocked(isa, p.a.data(), p.b.data(), c.data(), s.m, s.n, s.k, 2));
      EXPECT_LT(relative_error(c, p.ref), 1e-5);
    }
  }
}

TEST(Matmul, RejectsZeroNegativeAndNull) {
  float x = 1.0f;
  for (auto [m, n, k] : {std::tuple{0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {-4, 2, 2}}) {
    const Status s = matmul(MatmulVariant::CpuBlocked, &x, &x, &x, m, n, k);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("at least 1"), std::string::npos) << s.message();
  }
  EXPECT_FALSE(matmul(MatmulVariant::CpuNaive, nullptr, &x, &x, 1, 1, 1));
  std::vector<Measurement> rows;
  EXPECT_FALSE(run_matmul(MatmulVariant::CpuNaive, 0, BenchOptions{}, &rows));
  EXPECT_FALSE(run_matmul(MatmulVariant::GpuNaive, -3, BenchOptions{}, &rows));
  EXPECT_TRUE(rows.empty());
}

TEST(Matmul, VariantTableIsConsistent) {
  std::set<std::string_view> keys;
  for (MatmulVariant v : all_matmul_variants()) {
    const VariantInfo& info = matmul_variant_info(v);
    EXPECT_TRUE(keys.insert(info.key).second) << "duplicate key " << info.key;
    MatmulVariant found{};
    ASSERT_TRUE(find_matmul_variant(info.key, &found));
    EXPECT_EQ(found, v);
    EXPECT_FALSE(info.label.empty());
    EXPECT_FALSE(info.about.empty());
    EXPECT_EQ(info.on_gpu, info.key.substr(0, 3) != "cpu");
  }
  MatmulVariant unused{};
  EXPECT_FALSE(find_matmul_variant("gpu-magic", &unused));
}

TEST(RunMatmul, MeasuresCpuRowsWithRates) {
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 3;
  std::vector<Measurement> rows;
  ASSERT_TRUE(run_matmul(MatmulVariant::CpuBlocked, 64, opt, &rows));
  ASSERT_EQ(rows.size(), 1u);
  const Measurement& r = rows[0];
  EXPECT_EQ(r.state, RowState::Measured);
  EXPECT_EQ(r.benchmark, "matmul");
  EXPECT_EQ(r.variant, "cpu-blocked");
  EXPECT_EQ(r.size, 64);
  EXPECT_DOUBLE_EQ(r.flop, 2.0 * 64 * 64 * 64);
  EXPECT_EQ(r.time.repeats, 3);
  EXPECT_GT(r.gflops(), 0.0);
}

TEST(RunMatmul, MoreThanHostMemoryIsAClearError) {
  std::vector<Measurement> rows;
  const Status s = run_matmul(MatmulVariant::CpuBlocked, 1 << 20, BenchOptions{}, &rows);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("host memory"), std::string::npos) << s.message();
}

TEST(RunMatmul, NaiveCpuAboveItsLimitIsAbsentNotRun) {
  BenchOptions opt;
  opt.cpu_naive_max_n = 16;
  std::vector<Measurement> rows;
  ASSERT_TRUE(run_matmul(MatmulVariant::CpuNaive, 17, opt, &rows));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Absent);
  EXPECT_NE(rows[0].note.find("16"), std::string::npos);
}

TEST(RunMatmul, GpuVariantWithoutGpuIsAbsentWithTheReason) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is present";
  std::vector<Measurement> rows;
  ASSERT_TRUE(run_matmul(MatmulVariant::CublasBf16, 128, BenchOptions{}, &rows));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Absent);
  EXPECT_NE(rows[0].note.find(gpu_info().unavailable_reason.english()), std::string::npos);
}

TEST(SweepMatmul, ReportsProgressRowsAndHonoursCancel) {
  BenchOptions opt;
  opt.measure.warmup = 0;
  opt.measure.repeats = 1;
  opt.measure.min_repeats = 1;
  std::atomic<bool> cancel{false};
  SweepCallbacks cb;
  std::vector<SweepProgress> progress;
  int rows_seen = 0;
  cb.on_progress = [&](const SweepProgress& p) { progress.push_back(p); };
  cb.on_row = [&](const Measurement&) {
    if (++rows_seen == 2) cancel = true;
  };
  cb.cancel = &cancel;
  std::vector<Measurement> rows;
  const Status s = sweep_matmul({MatmulVariant::CpuNaive, MatmulVariant::CpuBlocked},
                                {8, 16, 32}, opt, cb, &rows);
  EXPECT_TRUE(is_cancelled(s));
  EXPECT_EQ(rows.size(), 2u);
  ASSERT_GE(progress.size(), 2u);
  EXPECT_EQ(progress[0].total, 6);
  EXPECT_EQ(progress[0].done, 0);
  EXPECT_EQ(progress[1].done, 1);
  EXPECT_EQ(progress[0].current, "matmul cpu-naive n=8");
  EXPECT_TRUE(progress[0].on_cpu);  // the app draws few frames while this is true
}

// Sweep jobs say which ones time the CPU (the app then keeps its own drawing out of it).
TEST(SweepJobs, MarkCpuWorkAndOnlyCpuWork) {
  for (const SweepJob& job : matmul_jobs(all_matmul_variants(), {64}, BenchOptions{}))
    EXPECT_EQ(job.on_cpu, job.description.rfind("matmul cpu-", 0) == 0) << job.description;
  for (const SweepJob& job : vector_add_jobs(all_vector_add_variants(), {1024}, BenchOptions{}))
    EXPECT_EQ(job.on_cpu, job.description.rfind("vector-add cpu", 0) == 0) << job.description;
}

}  // namespace
}  // namespace whygpu::kernels
