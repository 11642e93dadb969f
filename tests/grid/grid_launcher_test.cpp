// The thread-hierarchy kernel on a real GPU: every thread's record written and agreeing
// with the CPU model, SM ids below the SM count, times in order, block summaries
// consistent, the picture equal to the CPU's, and refused launches returning the
// runtime's own error without leaving it sticky.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "compute/core/gpu_info.h"
#include "compute/grid/block_rounds.h"
#include "compute/grid/cpu_picture.h"
#include "compute/grid/grid_launcher.h"
#include "tests/gpu_test_support.h"
#include "tests/grid/grid_test_support.h"

namespace whygpu::grid {
namespace {

using testing::close_colours;
using testing::matrix;
using testing::vector;

// A device picture buffer, poisoned with 0xff bytes (a colour the kernel never paints).
class DevicePicture {
 public:
  explicit DevicePicture(const GridShape& s) : cells_(std::uint64_t{s.picture_width} * s.picture_height) {
    EXPECT_EQ(cudaMalloc(&data_, cells_ * 4), cudaSuccess);
    EXPECT_EQ(cudaMemset(data_, 0xff, cells_ * 4), cudaSuccess);
  }
  ~DevicePicture() { cudaFree(data_); }
  std::uint32_t* get() { return data_; }
  std::vector<std::uint32_t> read() const {
    std::vector<std::uint32_t> host(cells_);
    EXPECT_EQ(cudaMemcpy(host.data(), data_, cells_ * 4, cudaMemcpyDeviceToHost), cudaSuccess);
    return host;
  }

 private:
  std::uint64_t cells_;
  std::uint32_t* data_ = nullptr;
};

void check_launch(const LaunchConfig& config, std::int64_t work_iterations) {
  SCOPED_TRACE(launch_syntax(config));
  const GridShape s = make_shape(config);
  GridLauncher launcher;
  DevicePicture picture(s);
  LaunchOptions options;
  options.colour = ColourMode::by_block;
  options.work_iterations = work_iterations;
  LaunchReport report;
  const Status st = launcher.launch(config, options, picture.get(), &report);
  ASSERT_TRUE(st.is_ok()) << st.message();
  ASSERT_TRUE(report.launched) << report.runtime_error;
  ASSERT_TRUE(report.drawn);
  EXPECT_GT(report.kernel_ms, 0.0);

  const std::uint64_t threads = s.total_threads();
  std::vector<ThreadRecord> records(threads);
  ASSERT_TRUE(launcher.read_records(0, threads, records.data()).is_ok());
  const int sm_count = gpu_info().sm_count;
  for (std::uint64_t slot = 0; slot < threads; ++slot) {
    const ThreadRecord& r = records[slot];
    ASSERT_NE(r.smid, kUnwritten) << "record " << slot << " was never written";
    ASSERT_LT(r.smid, static_cast<std::uint32_t>(sm_count)) << "record " << slot;
    ASSERT_LE(r.start_ns, r.end_ns) << "record " << slot;
    const ThreadPlace p = place_thread(s, r.block_idx[0], r.block_idx[1], r.block_idx[2], r.thread_idx[0],
                                       r.thread_idx[1], r.thread_idx[2]);
    ASSERT_EQ(p.slot, slot) << "the kernel wrote its record where the CPU model does not put it";
    ASSERT_EQ(r.lane, p.lane) << "%laneid disagrees with threadIdx % 32 at record " << slot;
    ASSERT_EQ(r.in_bounds != 0, p.in_bounds) << "record " << slot;
    for (int d = 0; d < 3; ++d) ASSERT_LT(r.block_idx[d], s.grid[d]);
    for (int d = 0; d < 3; ++d) ASSERT_LT(r.thread_idx[d], s.block[d]);
  }

  // Block summaries against the records they summarise.
  ASSERT_EQ(report.blocks.size(), s.block_count());
  const std::uint64_t tpb = s.threads_per_block();
  for (std::uint64_t b = 0; b < s.block_count(); ++b) {
    std::uint64_t first = ~std::uint64_t{0}, last = 0, end = 0;
    for (std::uint64_t t = 0; t < tpb; ++t) {
      const ThreadRecord& r = records[b * tpb + t];
      ASSERT_EQ(r.smid, report.blocks[b].smid) << "a block's threads ran on two SMs";
      first = std::min(first, r.start_ns);
      last = std::max(last, r.start_ns);
      end = std::max(end, r.end_ns);
    }
    ASSERT_EQ(report.blocks[b].same_sm, 1u);
    ASSERT_EQ(report.blocks[b].first_start_ns, first);
    ASSERT_EQ(report.blocks[b].last_start_ns, last);
    ASSERT_EQ(report.blocks[b].end_ns, end);
    ASSERT_GE(first, report.first_start_ns);
    ASSERT_LE(end, report.last_end_ns);
  }

  // The picture: every thread's cell painted as the CPU model paints it.
  std::vector<std::uint32_t> expected;
  for (ColourMode mode : {ColourMode::by_block, ColourMode::by_warp, ColourMode::by_thread}) {
    if (mode != ColourMode::by_block) {
      ASSERT_TRUE(launcher.repaint(mode, picture.get()).is_ok());
    }
    paint_on_cpu(s, mode, &expected);
    const std::vector<std::uint32_t> got = picture.read();
    for (std::uint64_t cell = 0; cell < got.size(); ++cell)
      ASSERT_TRUE(close_colours(got[cell], expected[cell]))
          << "cell " << cell << " mode " << static_cast<int>(mode) << std::hex << ": got " << got[cell]
          << ", CPU " << expected[cell];
  }
  // By SM: the colour of the SM the record names.
  ASSERT_TRUE(launcher.repaint(ColourMode::by_sm, picture.get()).is_ok());
  const std::vector<std::uint32_t> by_sm = picture.read();
  for (std::uint64_t slot = 0; slot < threads; ++slot) {
    const ThreadRecord& r = records[slot];
    const ThreadPlace p = place_thread(s, r.block_idx[0], r.block_idx[1], r.block_idx[2], r.thread_idx[0],
                                       r.thread_idx[1], r.thread_idx[2]);
    const std::uint32_t sm_color = category_colour(r.smid);
    ASSERT_TRUE(close_colours(by_sm[p.pixel_y * s.picture_width + p.pixel_x],
                             p.in_bounds ? sm_color : idle_colour(sm_color)));
  }
}

TEST(GridLauncherGpu, VectorShapes) {
  WHYGPU_REQUIRE_GPU();
  check_launch(vector(1000, {256, 1, 1}), 0);
  check_launch(vector(100003, {128, 1, 1}), 0);
  check_launch(vector(777, {8, 4, 2}), 0);
  check_launch(vector(4099, {1024, 1, 1}), 50);
  check_launch(vector(70, {33, 1, 1}), 0);
}

TEST(GridLauncherGpu, MatrixShapes) {
  WHYGPU_REQUIRE_GPU();
  check_launch(matrix(100, 60, {16, 16, 1}), 0);
  check_launch(matrix(1023, 517, {32, 8, 1}), 0);
  check_launch(matrix(50, 40, {8, 4, 2}), 0);
  LaunchConfig c = matrix(40, 30, {8, 8, 1});
  c.grid_auto = false;
  c.grid_manual = {7, 5, 2};
  check_launch(c, 0);
}

TEST(GridLauncherGpu, StartTimeColoursSpanTheRamp) {
  WHYGPU_REQUIRE_GPU();
  const LaunchConfig c = vector(1 << 20, {256, 1, 1});
  const GridShape s = make_shape(c);
  GridLauncher launcher;
  DevicePicture picture(s);
  LaunchOptions options;
  options.colour = ColourMode::by_start_time;
  options.work_iterations = 2000;
  LaunchReport report;
  ASSERT_TRUE(launcher.launch(c, options, picture.get(), &report).is_ok());
  ASSERT_TRUE(report.launched);
  ASSERT_GT(report.last_start_ns, report.first_start_ns);
  const std::vector<std::uint32_t> got = picture.read();
  EXPECT_TRUE(std::find(got.begin(), got.end(), ramp_colour(0.0f)) != got.end());
  EXPECT_TRUE(std::find(got.begin(), got.end(), ramp_colour(1.0f)) != got.end());
}

TEST(GridLauncherGpu, MoreBlocksThanFitRunInWaves) {
  WHYGPU_REQUIRE_GPU();
  LaunchConfig c = vector(1, {256, 1, 1});
  GridLauncher launcher;
  LaunchOptions options;
  options.work_iterations = 20000;
  OccupancyReport occupancy;
  ASSERT_TRUE(launcher.occupancy(c, options, &occupancy).is_ok());
  ASSERT_GT(occupancy.blocks_per_wave, 0);
  c.n = 3 * occupancy.blocks_per_wave * 256;  // three full waves
  LaunchReport report;
  ASSERT_TRUE(launcher.launch(c, options, nullptr, &report).is_ok());
  ASSERT_TRUE(report.launched);
  std::uint64_t earliest_end = ~std::uint64_t{0}, latest_start = 0;
  for (const BlockSummary& b : report.blocks) {
    earliest_end = std::min(earliest_end, b.end_ns);
    latest_start = std::max(latest_start, b.first_start_ns);
  }
  // Some block could only start after another had finished: it waited for a free slot.
  EXPECT_GT(latest_start, earliest_end);
  // Three waves' worth of blocks: places on the SMs were reused at least twice.
  const std::vector<std::uint32_t> turns = block_turns(report.blocks, gpu_info().sm_count);
  EXPECT_GE(*std::max_element(turns.begin(), turns.end()), 2u);
  std::printf("waves: %lld blocks, %lld per wave, kernel %.3f ms, block span %.1f us\n",
              static_cast<long long>(report.blocks.size()), static_cast<long long>(occupancy.blocks_per_wave),
              report.kernel_ms, static_cast<double>(report.blocks[0].end_ns - report.blocks[0].first_start_ns) / 1e3);
}

void expect_refused(const LaunchConfig& c, std::int64_t shared_bytes) {
  SCOPED_TRACE(launch_syntax(c));
  GridLauncher launcher;
  LaunchOptions options;
  options.dynamic_shared_bytes = shared_bytes;
  const GridShape s = make_shape(c);
  std::vector<std::uint32_t> unused;
  DevicePicture picture(s);
  LaunchReport report;
  const Status st = launcher.launch(c, options, picture.get(), &report);
  ASSERT_TRUE(st.is_ok()) << st.message();
  EXPECT_FALSE(report.launched);
  EXPECT_FALSE(report.drawn);
  EXPECT_NE(report.runtime_error.find("cudaError"), std::string::npos) << report.runtime_error;
  EXPECT_TRUE(report.check.exceeds_limits);
  EXPECT_FALSE(report.check.hint.empty());
  std::printf("%s -> %s\n  limit: %s\n  hint: %s\n", report.runtime_call.c_str(), report.runtime_error.c_str(),
              report.check.broken_limit.english().c_str(), report.check.hint.english().c_str());
  // Not sticky: the error is gone and the next launch, with the same launcher, works.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  LaunchReport good;
  const LaunchConfig fine = vector(1000, {256, 1, 1});
  DevicePicture fine_picture(make_shape(fine));
  ASSERT_TRUE(launcher.launch(fine, LaunchOptions{}, fine_picture.get(), &good).is_ok());
  EXPECT_TRUE(good.launched) << good.runtime_error;
  std::vector<ThreadRecord> records(1024);
  ASSERT_TRUE(launcher.read_records(0, 1024, records.data()).is_ok());
  for (const ThreadRecord& r : records) ASSERT_NE(r.smid, kUnwritten);
}

TEST(GridLauncherGpu, RefusedLaunchesReturnTheRuntimesError) {
  WHYGPU_REQUIRE_GPU();
  expect_refused(vector(2000, {1025, 1, 1}), 0);
  LaunchConfig half_million = vector(500000, {500000, 1, 1});
  half_million.grid_auto = false;
  half_million.grid_manual = {1, 1, 1};
  expect_refused(half_million, 0);
  expect_refused(matrix(8, 8, {2, 2, 65}), 0);
  LaunchConfig tall = vector(100, {1, 1, 1});
  tall.grid_auto = false;
  tall.grid_manual = {1, 65536, 1};
  expect_refused(tall, 0);
  expect_refused(vector(1000, {256, 1, 1}), 64 * 1024);
}

TEST(GridLauncherGpu, RefusedLaunchTooBigToDrawStillAsksTheRuntime) {
  WHYGPU_REQUIRE_GPU();
  LaunchConfig c = vector(1000, {2048, 1, 1});
  c.grid_auto = false;
  c.grid_manual = {1 << 20, 1, 1};  // 2 Gi threads: no picture, but the runtime answers
  GridLauncher launcher;
  LaunchReport report;
  ASSERT_TRUE(launcher.launch(c, LaunchOptions{}, nullptr, &report).is_ok());
  EXPECT_FALSE(report.launched);
  EXPECT_FALSE(report.runtime_error.empty());
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(GridLauncherGpu, OccupancyAgreesWithTheModel) {
  WHYGPU_REQUIRE_GPU();
  GridLauncher launcher;
  for (std::int64_t threads : {32, 64, 128, 256, 512, 1024}) {
    for (std::int64_t shared : {0, 16 * 1024, 48 * 1024}) {
      LaunchConfig c = vector(100000, {threads, 1, 1});
      LaunchOptions options;
      options.dynamic_shared_bytes = shared;
      OccupancyReport r;
      ASSERT_TRUE(launcher.occupancy(c, options, &r).is_ok());
      ASSERT_TRUE(r.launchable) << r.runtime_error;
      EXPECT_GT(r.registers_per_thread, 0);
      EXPECT_GE(r.kernel_max_threads_per_block, 1024);
      EXPECT_EQ(r.active_blocks_per_sm, r.model.blocks_per_sm)
          << threads << " threads, " << shared << " B shared: the model says " << r.model.limited_by;
      std::printf("block %4lld shared %5lld: %lld blocks/SM, occupancy %.0f%%, limited by %s (regs %lld)\n",
                  static_cast<long long>(threads), static_cast<long long>(shared),
                  static_cast<long long>(r.active_blocks_per_sm), r.occupancy * 100.0, r.model.limited_by.c_str(),
                  static_cast<long long>(r.registers_per_thread));
    }
  }
  OccupancyReport too_big;
  ASSERT_TRUE(launcher.occupancy(vector(100, {1025, 1, 1}), LaunchOptions{}, &too_big).is_ok());
  EXPECT_FALSE(too_big.launchable);
}

}  // namespace
}  // namespace whygpu::grid
