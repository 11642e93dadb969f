// The inference sweep on the CPU, its trade-off helpers and its recording.
#include "compute/cnn/inference_sweep.h"

#include <gtest/gtest.h>

#include "tests/cnn/synthetic_data.h"

namespace whygpu::cnn {
namespace {

TEST(InferenceSweep, CpuMeasuresEveryPowerOfTwo) {
  const Dataset images = testing::noise_dataset(37, 2);  // fewer images than the largest batch
  InferenceSweepOptions o;
  o.max_batch = 300;  // 1..256: one chunk and more
  o.repeats = 2;
  o.cpu_threads = 2;
  int seen = 0;
  o.on_point = [&](const InferencePoint&) { ++seen; };
  std::vector<InferencePoint> points;
  const Status s = sweep_cpu_inference(initial_parameters(1), images, o, &points);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_EQ(points.size(), 9u);
  EXPECT_EQ(seen, 9);
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i].batch, 1 << i);
    EXPECT_FALSE(points[i].on_gpu);
    EXPECT_GT(points[i].median_ms, 0.0);
    EXPECT_LE(points[i].min_ms, points[i].median_ms);
  }
  EXPECT_GT(points.back().median_ms, points.front().median_ms) << "256 images take longer than one";
}

TEST(InferenceSweep, RefusesBadInput) {
  std::vector<InferencePoint> points;
  InferenceSweepOptions o;
  EXPECT_FALSE(sweep_cpu_inference(std::vector<float>(10), testing::noise_dataset(4, 1), o, &points).is_ok());
  EXPECT_FALSE(sweep_cpu_inference(initial_parameters(1), Dataset{}, o, &points).is_ok());
  o.max_batch = kInferenceMaxBatch * 2;
  EXPECT_FALSE(sweep_cpu_inference(initial_parameters(1), testing::noise_dataset(4, 1), o, &points).is_ok());
}

TEST(InferenceSweep, TradeOffAndRecording) {
  InferenceRecording r;
  r.run.gpu_available = true;
  r.run.gpu_name = "Test GPU";
  r.run.date_utc = "2026-11-24T10:00:00Z";
  for (int b = 1; b <= 64; b *= 2) {
    r.points.push_back({b, true, 0.1 + b * 0.2, 0.1, 5});
    r.points.push_back({b, false, 1.0 + b * 0.5, 1.0, 5});
  }
  EXPECT_EQ(largest_batch_within(r.points, true, 10.0), 32);  // 6.5 ms; 64 takes 12.9
  EXPECT_EQ(first_batch_over(r.points, true, 10.0), 64);
  EXPECT_EQ(largest_batch_within(r.points, false, 10.0), 16);
  EXPECT_EQ(largest_batch_within(r.points, false, 0.5), 0);
  EXPECT_EQ(first_batch_over(r.points, true, 100.0), 0);
  InferenceRecording back;
  const Status s = bench::parse_recording(bench::recording_text(kInferenceRecording, r), kInferenceRecording, &back);
  ASSERT_TRUE(s.is_ok()) << s.message();
  ASSERT_EQ(back.points.size(), r.points.size());
  EXPECT_EQ(back.points[5].batch, r.points[5].batch);
  EXPECT_EQ(back.points[5].on_gpu, r.points[5].on_gpu);
  EXPECT_DOUBLE_EQ(back.points[5].median_ms, r.points[5].median_ms);
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  EXPECT_FALSE(bench::parse_recording("{\"format\": \"other\"}", kInferenceRecording, &back).is_ok());
  EXPECT_FALSE(bench::parse_recording("not json", kInferenceRecording, &back).is_ok());
}

}  // namespace
}  // namespace whygpu::cnn
