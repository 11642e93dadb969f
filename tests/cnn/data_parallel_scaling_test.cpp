// The CPU side of data-parallel scaling (data_parallel_scaling.h, data_parallel_bench.h):
// plans, speed-ups, the ring all-reduce model, recordings and the benchmark's arguments.
#include "compute/cnn/data_parallel_scaling.h"

#include <gtest/gtest.h>

#include "compute/bench/recording_file.h"
#include "compute/cnn/data_parallel_bench.h"
#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::cnn {
namespace {

ScalingRow row(int gpus, int batch_per_gpu, double step_ms, double all_reduce_ms) {
  ScalingRow r;
  r.timing.gpus = gpus;
  r.timing.batch_per_gpu = batch_per_gpu;
  r.timing.repeats = 5;
  r.timing.step_ms = step_ms;
  r.timing.all_reduce_ms = all_reduce_ms;
  r.timing.compute_ms = step_ms - all_reduce_ms;
  r.timing.back_to_back_ms = step_ms * 0.9;
  for (int g = 0; g < gpus; ++g)
    r.timing.median_step.push_back({step_ms - all_reduce_ms - 0.01, step_ms - 0.01, step_ms});
  return r;
}

TEST(DataParallelScaling, GpuCountsDoubleUpToTheMachine) {
  EXPECT_EQ(scaling_gpu_counts(1), (std::vector<int>{1}));
  EXPECT_EQ(scaling_gpu_counts(3), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(scaling_gpu_counts(8), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_TRUE(scaling_gpu_counts(0).empty());
}

TEST(DataParallelScaling, StrongSplitsTheBatchEvenlyAndWeakKeepsTheSlice) {
  int slice = 0;
  ASSERT_TRUE(batch_per_gpu_for(Scaling::kStrong, 256, 4, &slice));
  EXPECT_EQ(slice, 64);
  ASSERT_TRUE(batch_per_gpu_for(Scaling::kWeak, 64, 8, &slice));
  EXPECT_EQ(slice, 64);
  const Status uneven = batch_per_gpu_for(Scaling::kStrong, 100, 3, &slice);
  ASSERT_FALSE(uneven);
  EXPECT_NE(uneven.message().find("3 GPUs do not divide it"), std::string::npos) << uneven.message();
  Scaling s;
  EXPECT_TRUE(parse_scaling("weak", &s));
  EXPECT_EQ(s, Scaling::kWeak);
  EXPECT_FALSE(parse_scaling("medium", &s));
}

TEST(DataParallelScaling, SpeedUpIsImagesPerSecondAgainstOneGpu) {
  ScalingRun run;
  run.scaling = Scaling::kStrong;
  run.batch = 256;
  run.rows = {row(1, 256, 4.0, 0.0), row(2, 128, 2.5, 0.5), row(4, 64, 2.0, 1.0)};
  fill_speedups(&run);
  EXPECT_DOUBLE_EQ(run.rows[0].speedup, 1.0);
  EXPECT_DOUBLE_EQ(run.rows[1].speedup, 4.0 / 2.5);
  EXPECT_DOUBLE_EQ(run.rows[2].speedup, 2.0);
  EXPECT_DOUBLE_EQ(run.rows[2].efficiency, 0.5);
  EXPECT_DOUBLE_EQ(run.rows[1].timing.images_per_second(), 256 * 1e3 / 2.5);
}

TEST(DataParallelScaling, RingModelMovesTwiceTheShareOfTheData) {
  const RingModel link{100.0, 0.0};  // 100 GB/s, no latency
  EXPECT_DOUBLE_EQ(ring_all_reduce_ms(1e9, 1, link), 0.0);
  EXPECT_NEAR(ring_all_reduce_ms(1e9, 2, link), 10.0, 1e-9);   // 2 x 1/2 x 1 GB at 100 GB/s
  EXPECT_NEAR(ring_all_reduce_ms(1e9, 4, link), 15.0, 1e-9);   // 2 x 3/4
  EXPECT_NEAR(ring_all_reduce_ms(1e9, 8, link), 17.5, 1e-9);   // 2 x 7/8: towards 2x the data
  const RingModel slow{100.0, 5.0};
  EXPECT_NEAR(ring_all_reduce_ms(0.0, 8, slow), 14 * 5e-3, 1e-12);  // 14 hops of 5 us
}

TEST(DataParallelScaling, RecordingsRoundTripAndBadOnesAreRefused) {
  DataParallelRecording rec;
  rec.run.gpu_name = "Test GPU";
  rec.run.date_utc = "2026-11-24T00:00:00Z";
  rec.nccl_version = "2.28.3";
  rec.gpu_count = 2;
  ScalingRun run;
  run.scaling = Scaling::kWeak;
  run.batch = 64;
  run.rows = {row(1, 64, 1.0, 0.0), row(2, 64, 1.25, 0.3)};
  rec.runs.push_back(run);
  testing::TempDir dir;
  const std::string path = dir.path() + "/dp.json";
  ASSERT_TRUE(bench::save_recording(path, kDataParallelRecording, rec));
  DataParallelRecording back;
  const Status loaded = bench::load_recording(path, kDataParallelRecording, &back);
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  EXPECT_EQ(back.nccl_version, "2.28.3");
  EXPECT_EQ(back.gpu_count, 2);
  ASSERT_EQ(back.runs.size(), 1u);
  EXPECT_EQ(back.runs[0].scaling, Scaling::kWeak);
  ASSERT_EQ(back.runs[0].rows.size(), 2u);
  EXPECT_DOUBLE_EQ(back.runs[0].rows[1].timing.all_reduce_ms, 0.3);
  EXPECT_DOUBLE_EQ(back.runs[0].rows[1].speedup, 2 * 1.0 / 1.25);
  ASSERT_EQ(back.runs[0].rows[1].timing.median_step.size(), 2u);

  bench::Json doc = rec;
  doc["runs"][0]["scaling"] = "sideways";
  const Status refused = bench::read_json(doc, &back);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.message(), "field 'runs[0].scaling': must be \"strong\" or \"weak\"");
}

// A run says how its gradients were averaged; recordings from before the third way said
// only "overlapped" (true or false) and still read as they ran; an unknown way is refused.
TEST(DataParallelScaling, TheAllReduceWayIsRecordedAndOldRecordingsStillRead) {
  DataParallelRecording rec;
  ScalingRun run;
  run.rows = {row(1, 64, 1.0, 0.0), row(2, 64, 1.25, 0.3)};
  for (ScalingRow& r : run.rows) r.timing.all_reduce = AllReduceWay::kPeerOneShot;
  rec.runs.push_back(run);
  const bench::Json written = rec;
  EXPECT_EQ(written["runs"][0]["rows"][1].at("all_reduce"), "one-shot");
  DataParallelRecording back;
  ASSERT_TRUE(bench::read_json(written, &back));
  EXPECT_EQ(back.runs[0].all_reduce(), AllReduceWay::kPeerOneShot);

  bench::Json old = written;
  for (bench::Json& r : old["runs"][0]["rows"]) {
    r.erase("all_reduce");
    r["overlapped"] = true;
  }
  ASSERT_TRUE(bench::read_json(old, &back));
  EXPECT_EQ(back.runs[0].all_reduce(), AllReduceWay::kOverlapped);
  for (bench::Json& r : old["runs"][0]["rows"]) r["overlapped"] = false;
  ASSERT_TRUE(bench::read_json(old, &back));
  EXPECT_EQ(back.runs[0].all_reduce(), AllReduceWay::kAfterBackward);

  bench::Json bad = written;
  bad["runs"][0]["rows"][0]["all_reduce"] = "sideways";
  const Status refused = bench::read_json(bad, &back);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("must be \"after\", \"overlapped\" or \"one-shot\""), std::string::npos)
      << refused.message();
}

TEST(DataParallelBench, OnlyArgumentsNamingGpusSelectIt) {
  EXPECT_TRUE(wants_data_parallel_bench({"--gpus", "2"}));
  EXPECT_FALSE(wants_data_parallel_bench({"--batch", "64"}));
}

TEST(DataParallelBench, BadArgumentsExitWithTwo) {
  EXPECT_EQ(run_data_parallel_bench({"--gpus", "1", "--scaling", "sideways"}), 2);
  EXPECT_EQ(run_data_parallel_bench({"--gpus", "1", "--width", "4"}), 2);
  EXPECT_EQ(run_data_parallel_bench({"--gpus", "1", "--steps"}), 2);
  EXPECT_EQ(run_data_parallel_bench({"--gpus", "1", "--frobnicate", "3"}), 2);
}

}  // namespace
}  // namespace whygpu::cnn
