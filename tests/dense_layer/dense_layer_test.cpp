#include <gtest/gtest.h>

#include <cmath>

#include "compute/core/gpu_info.h"
#include "compute/dense_layer/dense_bench.h"
#include "compute/dense_layer/dense_cli.h"
#include "compute/dense_layer/dense_recording.h"
#include "compute/kernels/vector_ops.h"
#include "tests/kernels/check_support.h"

namespace whygpu::dense_layer {
namespace {

using kernels::testing::random_vector;

TEST(DenseSizes, ParsedFromOutByInByBatch) {
  DenseSizes s;
  ASSERT_TRUE(parse_dense_sizes("64x576x64", &s));
  EXPECT_EQ(s, (DenseSizes{64, 576, 64}));
  EXPECT_EQ(s.text(), "64 x 576, batch 64");
  for (const char* bad : {"64x576", "64x576x", "ax1x1", "0x1x1", "1x1x1x1", "9000x1x1", "1x1x5000"})
    EXPECT_FALSE(parse_dense_sizes(bad, &s)) << bad;
  EXPECT_TRUE(check_sizes({kMaxSide, kMaxSide, kMaxBatch}));
  EXPECT_NE(check_sizes({kMaxSide + 1, 1, 1}).message().find("at most"), std::string::npos);
}

TEST(DenseCpu, BatchedLayerMatchesFloat64) {
  const int out = 37, in = 53, batch = 5;
  const std::uint64_t seed = kernels::fresh_seed();
  const auto w = random_vector(out * in, seed), x = random_vector(in * batch, seed + 1), b = random_vector(out, seed + 2);
  auto y = kernels::testing::poisoned(out * batch);
  kernels::cpu_dense_layer(w.data(), x.data(), b.data(), y.data(), out, in, batch);
  std::vector<double> ref(y.size());
  for (int s = 0; s < batch; ++s)
    for (int r = 0; r < out; ++r) {
      double z = b[r];
      for (int k = 0; k < in; ++k) z += double(w[r * in + k]) * x[s * in + k];
      ref[s * out + r] = kernels::sigmoid_reference(z);
    }
  EXPECT_LT(kernels::testing::relative_error(y, ref), 1e-6);
}

TEST(DenseMeasure, TimesTheCpuAndSaysWhyNotTheGpu) {
  MeasureOptions options;
  options.repeats = 3;
  DenseTiming t;
  ASSERT_TRUE(measure_dense_layer({33, 65, 3}, options, &t));
  EXPECT_EQ(t.cpu.repeats, 3);
  EXPECT_GT(t.cpu.median_ms, 0.0);
  if (!gpu_info().available) {
    EXPECT_FALSE(t.gpu_measured);
    EXPECT_FALSE(t.gpu_note.empty());
    EXPECT_EQ(t.fused_speedup(), 0.0);
  }
  EXPECT_FALSE(measure_dense_layer({0, 1, 1}, options, &t));
}

TEST(DenseMeasure, TooBigForTheCpuIsComputedOnceNotTimed) {
  MeasureOptions options;
  options.repeats = 1;
  DenseTiming t;
  ASSERT_TRUE(measure_dense_layer({2048, 2048, 300}, options, &t));
  EXPECT_EQ(t.cpu.repeats, 0);
  EXPECT_NE(t.cpu_note.find("not timed"), std::string::npos) << t.cpu_note;
}

TEST(DenseRecording, RoundTripsAndFindsBySize) {
  DenseRecording r;
  r.run.gpu_available = true;
  r.run.gpu_name = "NVIDIA H100 80GB HBM3";
  r.run.date_utc = "2026-11-24T03:00:00Z";
  DenseTiming t;
  t.sizes = {1024, 1024, 1};
  t.cpu = TimingStats::from_samples({1.0, 1.2, 1.1});
  t.gpu_measured = true;
  t.product = TimingStats::from_samples({0.020});
  t.add = TimingStats::from_samples({0.002});
  t.sigmoid = TimingStats::from_samples({0.002});
  t.three = TimingStats::from_samples({0.028});
  t.fused = TimingStats::from_samples({0.021});
  t.fused_error = 1e-7;
  r.rows.push_back(t);
  DenseTiming cpu_only;
  cpu_only.sizes = {64, 64, 1};
  cpu_only.cpu = TimingStats::from_samples({0.01});
  cpu_only.gpu_note = "no CUDA device";
  r.rows.push_back(cpu_only);

  DenseRecording back;
  ASSERT_TRUE(bench::parse_recording(bench::recording_text(kDenseRecording, r), kDenseRecording, &back));
  EXPECT_EQ(back.run.gpu_name, r.run.gpu_name);
  ASSERT_EQ(back.rows.size(), 2u);
  const DenseTiming* found = back.find({1024, 1024, 1});
  ASSERT_NE(found, nullptr);
  EXPECT_DOUBLE_EQ(found->fused.median_ms, 0.021);
  EXPECT_NEAR(found->fused_speedup(), 0.028 / 0.021, 1e-12);
  EXPECT_FALSE(back.find({64, 64, 1})->gpu_measured);
  EXPECT_EQ(back.find({2, 2, 2}), nullptr);
}

TEST(DenseRecording, BadFilesAreClearErrors) {
  DenseRecording r;
  EXPECT_NE(bench::parse_recording("{}", kDenseRecording, &r).message().find("not a whygpu dense-layer"), std::string::npos);
  const Status missing = bench::parse_recording(
      R"({"format": "whygpu-dense-layer", "format_version": 1, "run": {},
          "rows": [{"out": 4, "in": 4, "batch": 1, "gpu_measured": true}]})", kDenseRecording, &r);
  EXPECT_EQ(missing.message(), "field 'rows[0].product': missing");
  EXPECT_FALSE(bench::parse_recording(R"({"format": "whygpu-dense-layer", "format_version": 9})", kDenseRecording, &r));
}

TEST(DenseBench, EveryDefaultSizeIsAcceptable) {
  for (const DenseSizes& s : default_bench_sizes()) EXPECT_TRUE(check_sizes(s)) << s.text();
}

}  // namespace
}  // namespace whygpu::dense_layer
