// CPU element-wise kernels against float64, the thread pool, and the vector-add rows.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <thread>

#include "compute/core/gpu_info.h"
#include "compute/kernels/thread_pool.h"
#include "compute/kernels/vector_add_bench.h"
#include "compute/kernels/vector_ops.h"
#include "tests/kernels/check_support.h"

namespace whygpu::kernels {
namespace {

using testing::poisoned;
using testing::random_vector;
using testing::relative_error;

TEST(CpuVectorAdd, OneAndManyThreadsMatch) {
  for (std::size_t n : {std::size_t{1}, std::size_t{31}, std::size_t{100003}}) {
    const auto a = random_vector(n, 1), b = random_vector(n, 2);
    std::vector<double> ref(n);
    for (std::size_t i = 0; i < n; ++i) ref[i] = double(a[i]) + double(b[i]);
    for (int threads : {1, 4, 0}) {
      auto c = poisoned(n);
      cpu_vector_add(a.data(), b.data(), c.data(), n, threads);
      EXPECT_LT(relative_error(c, ref), 1e-7) << n << " elements, " << threads << " threads";
    }
  }
}

TEST(CpuSigmoid, MatchesFloat64) {
  const std::size_t n = 4097;
  auto x = random_vector(n, 3);
  for (auto& v : x) v *= 8.0f;  // reach the flat ends too
  std::vector<double> ref(n);
  for (std::size_t i = 0; i < n; ++i) ref[i] = sigmoid_reference(x[i]);
  auto y = poisoned(n);
  cpu_sigmoid(x.data(), y.data(), n);
  EXPECT_LT(relative_error(y, ref), 1e-6);
}

TEST(CpuMatrixAdd, OddShape) {
  const int rows = 37, cols = 1025;
  const auto n = static_cast<std::size_t>(rows * cols);
  const auto a = random_vector(n, 4), b = random_vector(n, 5);
  std::vector<double> ref(n);
  for (std::size_t i = 0; i < n; ++i) ref[i] = double(a[i]) + double(b[i]);
  auto c = poisoned(n);
  cpu_matrix_add(a.data(), b.data(), c.data(), rows, cols);
  EXPECT_LT(relative_error(c, ref), 1e-7);
}

TEST(CpuDenseLayer, MatchesFloat64) {
  const int out = 33, in = 1025;
  const auto w = random_vector(static_cast<std::size_t>(out) * in, 6);
  const auto x = random_vector(static_cast<std::size_t>(in), 7);
  const auto bias = random_vector(static_cast<std::size_t>(out), 8);
  std::vector<double> ref(static_cast<std::size_t>(out));
  for (int r = 0; r < out; ++r) {
    double z = bias[static_cast<std::size_t>(r)];
    for (int k = 0; k < in; ++k)
      z += double(w[static_cast<std::size_t>(r) * in + k]) * x[static_cast<std::size_t>(k)];
    ref[static_cast<std::size_t>(r)] = sigmoid_reference(z);
  }
  auto y = poisoned(static_cast<std::size_t>(out));
  cpu_dense_layer(w.data(), x.data(), bias.data(), y.data(), out, in);
  EXPECT_LT(relative_error(y, ref), 1e-5);
}

TEST(RandomFill, UniformInRangeNotConstantAndReproducible) {
  const auto a = random_vector(1 << 21, 42), b = random_vector(1 << 21, 42);
  EXPECT_EQ(a, b);
  double sum = 0.0;
  float lo = 1.0f, hi = -1.0f;
  for (float v : a) {
    sum += v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_GE(lo, -1.0f);
  EXPECT_LT(hi, 1.0f);
  EXPECT_LT(lo, -0.99f);
  EXPECT_GT(hi, 0.99f);
  EXPECT_NEAR(sum / a.size(), 0.0, 0.01);
  EXPECT_NE(random_vector(16, 1), random_vector(16, 2));
  EXPECT_NE(fresh_seed(), fresh_seed());
}

TEST(ThreadPool, EveryTaskRunsOnceForAnyThreadCount) {
  for (int threads : {1, 2, 3, 0, 64}) {
    std::vector<std::atomic<int>> hits(1000);
    parallel_for(1000, threads, [&](int t) { hits[static_cast<std::size_t>(t)]++; });
    for (auto& h : hits) ASSERT_EQ(h.load(), 1) << threads << " threads";
  }
  int calls = 0;
  parallel_for(0, 4, [&](int) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ThreadPool, CallsFromSeveralThreadsAreServed) {
  std::atomic<long> total{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < 4; ++c)
    callers.emplace_back([&] {
      for (int round = 0; round < 20; ++round)
        parallel_for(50, 0, [&](int t) { total += t; });
    });
  for (auto& t : callers) t.join();
  EXPECT_EQ(total.load(), 4L * 20 * (49 * 50 / 2));
}

TEST(RunVectorAdd, CpuRowsCountTwelveBytesPerElement) {
  BenchOptions opt;
  opt.measure.warmup = 1;
  opt.measure.repeats = 3;
  std::vector<Measurement> rows;
  ASSERT_TRUE(run_vector_add(VectorAddVariant::Cpu, 1 << 16, opt, &rows));
  ASSERT_TRUE(run_vector_add(VectorAddVariant::CpuThreads, 1 << 16, opt, &rows));
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) {
    EXPECT_EQ(r.state, RowState::Measured);
    EXPECT_DOUBLE_EQ(r.bytes, 12.0 * (1 << 16));
    EXPECT_GT(r.gbytes_per_s(), 0.0);
  }
  EXPECT_NE(rows[0].device.find("1 thread"), std::string::npos) << rows[0].device;
}

TEST(RunVectorAdd, ZeroLengthIsAnError) {
  std::vector<Measurement> rows;
  const Status s = run_vector_add(VectorAddVariant::Cpu, 0, BenchOptions{}, &rows);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("at least 1"), std::string::npos);
}

TEST(RunVectorAdd, MoreThanHostMemoryIsAClearErrorNotACrash) {
  std::vector<Measurement> rows;
  const Status s = run_vector_add(VectorAddVariant::CpuThreads, std::size_t{1} << 44,
                                  BenchOptions{}, &rows);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("host memory"), std::string::npos) << s.message();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].state, RowState::Failed);
}

TEST(RunVectorAdd, GpuRowsWithoutGpuAreAbsent) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is present";
  std::vector<Measurement> rows;
  for (auto v : {VectorAddVariant::Gpu, VectorAddVariant::GpuWithCopies,
                 VectorAddVariant::DeviceCopy})
    ASSERT_TRUE(run_vector_add(v, 1024, BenchOptions{}, &rows));
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& r : rows) {
    EXPECT_EQ(r.state, RowState::Absent);
    EXPECT_FALSE(r.note.empty());
  }
}

TEST(GpuEntryPoints, WithoutGpuReturnAStatusNotACrash) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is present";
  float v[4] = {1, 2, 3, 4};
  EXPECT_FALSE(gpu_vector_add(v, v, v, 4));
  EXPECT_FALSE(gpu_sigmoid(v, v, 4));
  EXPECT_FALSE(gpu_matrix_add(v, v, v, 2, 2));
  EXPECT_FALSE(gpu_dense_layer(v, v, v, v, 2, 2));
  EXPECT_FALSE(gpu_vector_add_launch(v, v, v, 4, 1, 4));
}

}  // namespace
}  // namespace whygpu::kernels
