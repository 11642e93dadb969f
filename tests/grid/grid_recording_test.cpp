// The recorded thread-grid launches: written and read back, found by configuration, the
// refusal of the same limit found for another launch, occupancy worked out from recorded
// limits, and the CPU picture coloured by the recorded blocks. The launches here are made
// up for the test (a GPU's recording comes from `whygpu record` on a GPU machine).
#include <gtest/gtest.h>

#include "compute/bench/recording_file.h"
#include "compute/grid/cpu_picture.h"
#include "compute/grid/grid_recording.h"

namespace whygpu::grid {
namespace {

LaunchRequest vector_launch(std::int64_t n, std::int64_t block, std::int64_t work = 0, std::int64_t shared = 0) {
  LaunchRequest r;
  r.config.n = n;
  r.config.block = {block, 1, 1};
  r.options.work_iterations = work;
  r.options.dynamic_shared_bytes = shared;
  return r;
}

// A device like the H100 the issue names, with the 28 registers its compiler gave the kernel.
RecordedDevice test_device() {
  RecordedDevice d = documented_h100();
  d.sm.registers_per_thread = 28;
  return d;
}

GridRecording test_recording() {
  GridRecording rec;
  rec.run.date_utc = "2026-11-24T01:02:03Z";
  rec.run.gpu_available = true;
  rec.run.gpu_name = "Test GPU";
  rec.run.nvidia_driver = "1.2.3";
  rec.device = test_device();
  RecordedLaunch ran;
  ran.request = vector_launch(1000, 256);
  ran.launched = true;
  ran.kernel_ms = 0.004;
  for (std::uint32_t b = 0; b < 4; ++b)
    ran.blocks.push_back({100u * b, 100u * b, 100u * b + 50, b % 2 == 0 ? 7u : 9u, 1});
  ran.occupancy = occupancy_from_limits(rec.device, ran.request.config, 0);
  RecordedLaunch refused;
  refused.request = vector_launch(500000, 500000);
  refused.request.config.grid_auto = false;
  refused.request.config.grid_manual = {1, 1, 1};
  refused.runtime_error = "cudaErrorInvalidValue: invalid argument";
  refused.runtime_call = "paint_threads<<<1, 500000>>>";
  rec.launches = {ran, refused};
  return rec;
}

TEST(GridRecording, RoundTripsThroughJsonWithItsProvenance) {
  const GridRecording rec = test_recording();
  bench::Json parsed;
  ASSERT_TRUE(bench::parse_json(bench::recording_text(kGridRecording, rec), &parsed));
  EXPECT_EQ(parsed["format"], "whygpu-recording");
  EXPECT_EQ(parsed["part"], "grid");
  GridRecording back;
  ASSERT_TRUE(bench::read_recording(parsed, kGridRecording, &back));
  EXPECT_EQ(back.run.recorded_label(), rec.run.recorded_label());
  ASSERT_EQ(back.launches.size(), 2u);
  EXPECT_EQ(back.device.sm.registers_per_thread, 28);
  EXPECT_EQ(back.device.sm_count, 132);
  const RecordedLaunch& ran = back.launches[0];
  ASSERT_EQ(ran.blocks.size(), 4u);
  EXPECT_EQ(ran.blocks[1].smid, 9u);
  EXPECT_EQ(ran.blocks[3].first_start_ns, 300u);
  EXPECT_EQ(ran.blocks[3].end_ns, 350u);
  EXPECT_TRUE(ran.launched);
  EXPECT_EQ(back.launches[1].runtime_error, "cudaErrorInvalidValue: invalid argument");
  EXPECT_EQ(rec.run.recorded_label(), "recorded on Test GPU (driver 1.2.3) on 2026-11-24, not on this computer");
}

TEST(GridRecording, RefusesBlocksThatDoNotFitTheLaunch) {
  bench::Json broken = test_recording();
  // Three blocks recorded for a launch of four.
  ASSERT_EQ(broken["launches"][0]["blocks"]["sm"], bench::Json({7, 9, 7, 9}));
  for (const char* key : {"sm", "start_ns", "end_ns"}) broken["launches"][0]["blocks"][key].erase(3);
  GridRecording back;
  const Status s = bench::read_json(broken, &back);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "field 'launches[0].blocks': 3 blocks recorded for a launch of 4");
}

TEST(GridRecording, FindsALaunchByWhatItRunsNotHowTheGridWasGiven) {
  const GridRecording rec = test_recording();
  LaunchRequest same = vector_launch(1000, 256);
  same.config.grid_auto = false;
  same.config.grid_manual = {4, 1, 1};  // what auto gives for 1000 / 256
  same.options.colour = ColourMode::by_sm;  // colour is not part of the launch
  EXPECT_EQ(rec.find(same), &rec.launches[0]);
  EXPECT_EQ(rec.find(vector_launch(1000, 128)), nullptr);
  EXPECT_EQ(rec.find(vector_launch(1000, 256, 20000)), nullptr);
  EXPECT_EQ(rec.find(vector_launch(1000, 256, 0, 1024)), nullptr);
}

TEST(GridRecording, AnotherLaunchBreakingTheSameLimitFindsTheRecordedRefusal) {
  const GridRecording rec = test_recording();
  LaunchRequest too_big = vector_launch(1000, 1025);
  const LaunchCheck check = check_against_limits(too_big.config, 0, rec.device.launch_limits);
  ASSERT_TRUE(check.exceeds_limits);
  EXPECT_EQ(rec.find(too_big), nullptr);
  EXPECT_EQ(rec.refused_like(check), &rec.launches[1]);
}

TEST(GridRecording, OccupancyFromTheRecordedLimits) {
  const RecordedDevice device = test_device();
  LaunchConfig c;
  c.n = 1 << 20;
  c.block = {256, 1, 1};
  OccupancyReport r = occupancy_from_limits(device, c, 0);
  ASSERT_TRUE(r.launchable);
  // 28 registers round up to 896 a warp: 65536 / (896 * 8 warps) = 9; threads give 8.
  EXPECT_EQ(r.active_blocks_per_sm, 8);
  EXPECT_EQ(r.model.limited_by, "threads per SM");
  EXPECT_DOUBLE_EQ(r.occupancy, 1.0);
  EXPECT_EQ(r.blocks_per_wave, 8 * 132);
  EXPECT_EQ(r.waves, (4096 + 1055) / 1056);
  // 40 KiB each (+ 1 KiB reserved) of 228 KiB: 5 blocks.
  r = occupancy_from_limits(device, c, 40 * 1024);
  EXPECT_EQ(r.active_blocks_per_sm, 5);
  EXPECT_EQ(r.model.limited_by, "shared memory");
  c.block = {1025, 1, 1};
  r = occupancy_from_limits(device, c, 0);
  EXPECT_FALSE(r.launchable);
  EXPECT_EQ(r.active_blocks_per_sm, 0);
}

TEST(GridRecording, TheCpuPictureTakesSmColoursFromTheRecordedBlocks) {
  const GridRecording rec = test_recording();
  const GridShape shape = make_shape(rec.launches[0].request.config);
  std::vector<std::uint32_t> without, with;
  paint_on_cpu(shape, ColourMode::by_sm, &without);
  paint_on_cpu(shape, ColourMode::by_sm, &with, &rec.launches[0].blocks);
  // Thread 0 (block 0, SM 7) and thread 256 (block 1, SM 9).
  const ThreadPlace first = place_thread(shape, 0, 0, 0, 0, 0, 0), second = place_thread(shape, 1, 0, 0, 0, 0, 0);
  const auto at = [&](const std::vector<std::uint32_t>& p, const ThreadPlace& t) {
    return p[t.pixel_y * shape.picture_width + t.pixel_x];
  };
  EXPECT_EQ(at(without, first), kNoDataColour);
  EXPECT_EQ(at(with, first), category_colour(7));
  EXPECT_EQ(at(with, second), category_colour(9));
  // Start times: block 0 started first (dark), block 3 last (yellow).
  paint_on_cpu(shape, ColourMode::by_start_time, &with, &rec.launches[0].blocks);
  EXPECT_EQ(at(with, first), ramp_colour(0.0f));
  EXPECT_EQ(at(with, place_thread(shape, 3, 0, 0, 0, 0, 0)), ramp_colour(1.0f));  // thread 768 < 1000: in bounds
  // Blocks that do not match the shape are ignored rather than misread.
  std::vector<BlockSummary> three(rec.launches[0].blocks.begin(), rec.launches[0].blocks.end() - 1);
  paint_on_cpu(shape, ColourMode::by_sm, &with, &three);
  EXPECT_EQ(at(with, first), kNoDataColour);
}

}  // namespace
}  // namespace whygpu::grid
