// The element-wise GPU kernels against float64, launch refusals with the runtime's own
// message, bad sizes, and the GPU rows of the vector-add and copy benchmarks.
#include <gtest/gtest.h>

#include <cmath>

#include "compute/core/measure.h"
#include "compute/kernels/copy_bench.h"
#include "compute/kernels/vector_add_bench.h"
#include "compute/kernels/vector_ops.h"
#include "tests/gpu_test_support.h"
#include "tests/kernels/check_support.h"

namespace whygpu::kernels {
namespace {

using testing::poisoned;
using testing::random_vector;
using testing::relative_error;

const std::size_t kLengths[] = {1, 3, 31, 1000, 1025, 4097, (1 << 20) + 3};

std::vector<double> sum_reference(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<double> ref(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) ref[i] = double(a[i]) + double(b[i]);
  return ref;
}

TEST(GpuVectorAdd, MatchesAtOddLengths) {
  WHYGPU_REQUIRE_GPU();
  for (std::size_t n : kLengths) {
    const std::uint64_t seed = fresh_seed();
    const auto a = random_vector(n, seed), b = random_vector(n, seed + 1);
    auto c = poisoned(n);
    ASSERT_TRUE(gpu_vector_add(a.data(), b.data(), c.data(), n));
    EXPECT_LT(relative_error(c, sum_reference(a, b)), 1e-7) << n;
  }
}

TEST(GpuVectorAdd, ExactLaunchComputesWhatItCovers) {
  WHYGPU_REQUIRE_GPU();
  const std::size_t n = 1000;
  const auto a = random_vector(n, 11), b = random_vector(n, 12);
  auto c = poisoned(n);
  ASSERT_TRUE(gpu_vector_add_launch(a.data(), b.data(), c.data(), n, 4, 256));  // 1024 >= n
  EXPECT_LT(relative_error(c, sum_reference(a, b)), 1e-7);
  auto partial = poisoned(n);
  ASSERT_TRUE(gpu_vector_add_launch(a.data(), b.data(), partial.data(), n, 2, 128));
  EXPECT_EQ(partial[255], a[255] + b[255]);
  EXPECT_TRUE(std::isnan(partial[256]));  // past blocks * threads: never written
}

TEST(GpuVectorAdd, RefusedLaunchReportsTheRuntimeMessage) {
  WHYGPU_REQUIRE_GPU();
  const std::size_t n = 500000;
  const auto a = random_vector(n, 1), b = random_vector(n, 2);
  auto c = poisoned(n);
  for (unsigned threads : {1025u, 500000u}) {
    const Status s = gpu_vector_add_launch(a.data(), b.data(), c.data(), n, 1, threads);
    ASSERT_FALSE(s) << threads;
    std::printf("<<<1, %u>>> -> %s\n", threads, s.message().c_str());
    EXPECT_NE(s.message().find("launch of vector_add_one_per_thread"), std::string::npos);
    EXPECT_NE(s.message().find("invalid"), std::string::npos) << s.message();
  }
  // The device is still usable afterwards.
  EXPECT_TRUE(gpu_vector_add(a.data(), b.data(), c.data(), n));
}

TEST(GpuVectorAdd, BadSizesAreClearErrors) {
  WHYGPU_REQUIRE_GPU();
  float v[4] = {1, 2, 3, 4};
  const Status zero = gpu_vector_add(v, v, v, 0);
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.message().find("at least 1"), std::string::npos);
  // 2^40 floats (4 TiB x 3) cannot fit: refused before any copy touches the small arrays.
  const Status huge = gpu_vector_add(v, v, v, std::size_t{1} << 40);
  ASSERT_FALSE(huge);
  EXPECT_NE(huge.message().find("GPU memory"), std::string::npos) << huge.message();
  EXPECT_FALSE(gpu_vector_add_launch(v, v, v, 4, 0, 32));
}

TEST(GpuSigmoid, MatchesFloat64) {
  WHYGPU_REQUIRE_GPU();
  for (std::size_t n : kLengths) {
    auto x = random_vector(n, fresh_seed());
    for (auto& v : x) v *= 10.0f;
    std::vector<double> ref(n);
    for (std::size_t i = 0; i < n; ++i) ref[i] = sigmoid_reference(x[i]);
    auto y = poisoned(n);
    ASSERT_TRUE(gpu_sigmoid(x.data(), y.data(), n));
    EXPECT_LT(relative_error(y, ref), 1e-6) << n;
  }
}

TEST(GpuMatrixAdd, Dim3BlocksOfSeveralShapes) {
  WHYGPU_REQUIRE_GPU();
  struct Case {
    int rows, cols, bx, by;
  };
  for (const Case& k : {Case{1, 1, 16, 16}, Case{31, 1025, 16, 16}, Case{1000, 33, 32, 8},
                        Case{517, 299, 7, 5}, Case{4097, 3, 1, 1024}}) {
    const auto n = static_cast<std::size_t>(k.rows) * k.cols;
    const std::uint64_t seed = fresh_seed();
    const auto a = random_vector(n, seed), b = random_vector(n, seed + 1);
    auto c = poisoned(n);
    ASSERT_TRUE(gpu_matrix_add(a.data(), b.data(), c.data(), k.rows, k.cols, k.bx, k.by));
    EXPECT_LT(relative_error(c, sum_reference(a, b)), 1e-7) << k.rows << "x" << k.cols;
  }
}

// Apart from the shapes above so that compute-sanitizer can leave out the launch the
// runtime refuses on purpose (tests/device/sanitize_run.sh).
TEST(GpuMatrixAdd, ARefusedBlockNamesTheKernel) {
  WHYGPU_REQUIRE_GPU();
  float v[4] = {};
  const Status refused = gpu_matrix_add(v, v, v, 2, 2, 64, 32);  // 2048 threads per block
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("launch of matrix_add_kernel"), std::string::npos)
      << refused.message();
  EXPECT_FALSE(gpu_matrix_add(v, v, v, 0, 2));
  EXPECT_FALSE(gpu_matrix_add(v, v, v, 2, -2));
}

TEST(GpuDenseLayer, MatchesFloat64) {
  WHYGPU_REQUIRE_GPU();
  struct Case {
    int out, in;
  };
  for (const Case& k : {Case{1, 1}, Case{31, 1025}, Case{1000, 784}, Case{4097, 31}}) {
    const std::uint64_t seed = fresh_seed();
    const auto w = random_vector(static_cast<std::size_t>(k.out) * k.in, seed);
    const auto x = random_vector(static_cast<std::size_t>(k.in), seed + 1);
    const auto bias = random_vector(static_cast<std::size_t>(k.out), seed + 2);
    std::vector<double> ref(static_cast<std::size_t>(k.out));
    for (int r = 0; r < k.out; ++r) {
      double z = bias[static_cast<std::size_t>(r)];
      for (int i = 0; i < k.in; ++i)
        z += double(w[static_cast<std::size_t>(r) * k.in + i]) * x[static_cast<std::size_t>(i)];
      ref[static_cast<std::size_t>(r)] = sigmoid_reference(z);
    }
    auto y = poisoned(static_cast<std::size_t>(k.out));
    ASSERT_TRUE(gpu_dense_layer(w.data(), x.data(), bias.data(), y.data(), k.out, k.in));
    EXPECT_LT(relative_error(y, ref), 1e-5) << k.out << "x" << k.in;
  }
  float v[1] = {};
  EXPECT_FALSE(gpu_dense_layer(v, v, v, v, 0, 1));
}

TEST(GpuTiming, PhasesMustBeMarkedAsDeclared) {
  WHYGPU_REQUIRE_GPU();
  MeasureOptions opt;
  opt.repeats = 3;
  std::vector<TimingStats> phases;
  TimingStats total;
  const Status too_few =
      time_gpu_phases(opt, 3, [](int, const PhaseMark& mark) { return mark(); }, &phases, &total);
  ASSERT_FALSE(too_few);
  EXPECT_NE(too_few.message().find("mark()"), std::string::npos) << too_few.message();
  const Status right = time_gpu_phases(
      opt, 2, [](int, const PhaseMark& mark) { return mark(); }, &phases, &total);
  ASSERT_TRUE(right) << right.message();
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(total.repeats, 3);
  EXPECT_GE(total.median_ms, 0.0);
}

TEST(GpuBench, VectorAddRowsHavePhasesAndRates) {
  WHYGPU_REQUIRE_GPU();
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 5;
  std::vector<Measurement> rows;
  for (VectorAddVariant v : all_vector_add_variants())
    ASSERT_TRUE(run_vector_add(v, (1 << 22) + 1, opt, &rows));
  ASSERT_EQ(rows.size(), 8u);  // cpu, cpu-threads, gpu, 4 phases, d2d-copy
  for (const auto& r : rows) {
    EXPECT_EQ(r.state, RowState::Measured) << r.variant << " " << r.note;
    EXPECT_EQ(r.time.repeats, 5) << r.variant;
    EXPECT_GT(r.gbytes_per_s(), 0.0) << r.variant << " " << r.phase;
  }
  EXPECT_EQ(rows[3].phase, "h2d");
  EXPECT_EQ(rows[6].phase, "total");
  EXPECT_NEAR(rows[6].time.median_ms,
              rows[3].time.median_ms + rows[4].time.median_ms + rows[5].time.median_ms,
              0.2 * rows[6].time.median_ms);
}

TEST(GpuBench, EveryCopyKindMeasures) {
  WHYGPU_REQUIRE_GPU();
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 5;
  std::vector<Measurement> rows;
  for (CopyKind k : all_copy_kinds()) ASSERT_TRUE(run_copy(k, 16 << 20, opt, &rows));
  ASSERT_EQ(rows.size(), 5u);
  for (const auto& r : rows) {
    EXPECT_EQ(r.state, RowState::Measured) << r.variant;
    EXPECT_GT(r.gbytes_per_s(), 0.5) << r.variant;
  }
  std::vector<Measurement> none;
  EXPECT_FALSE(run_copy(CopyKind::HostToDevicePinned, 0, opt, &none));
}

}  // namespace
}  // namespace whygpu::kernels
