#include <gtest/gtest.h>

#include <set>

#include "compute/grid/cpu_picture.h"
#include "compute/grid/launch_config.h"

namespace whygpu::grid {
namespace {

TEST(CpuPicture, VectorByBlock) {
  LaunchConfig c;
  c.n = 1000;
  c.block = {256, 1, 1};
  const GridShape s = make_shape(c);
  std::vector<std::uint32_t> picture;
  paint_on_cpu(s, ColourMode::by_block, &picture);
  ASSERT_EQ(picture.size(), std::uint64_t{s.picture_width} * s.picture_height);
  std::uint64_t active = 0, idle = 0, empty = 0;
  std::set<std::uint32_t> active_colours;
  for (std::uint64_t slot = 0; slot < picture.size(); ++slot) {
    const std::uint32_t colour = picture[slot];
    if (slot >= s.total_threads()) {
      EXPECT_EQ(colour, kNoThreadColour);
      ++empty;
      continue;
    }
    const std::uint32_t block_colour = category_colour(slot / 256);
    if (slot < 1000) {
      EXPECT_EQ(colour, block_colour);
      active_colours.insert(colour);
      ++active;
    } else {
      EXPECT_EQ(colour, idle_colour(block_colour));
      ++idle;
    }
  }
  EXPECT_EQ(active, 1000u);
  EXPECT_EQ(idle, 24u);  // the last block's overhang
  EXPECT_EQ(active_colours.size(), 4u);  // four blocks, four different colours
}

TEST(CpuPicture, NoSmOrTimeDataWithoutAGpu) {
  LaunchConfig c;
  c.kind = ProblemKind::matrix_2d;
  c.width = 30;
  c.height = 20;
  c.block = {16, 16, 1};
  const GridShape s = make_shape(c);
  for (ColourMode mode : {ColourMode::by_sm, ColourMode::by_start_time}) {
    std::vector<std::uint32_t> picture;
    paint_on_cpu(s, mode, &picture);
    for (std::uint64_t y = 0; y < s.picture_height; ++y)
      for (std::uint64_t x = 0; x < s.picture_width; ++x) {
        const bool data = x < 30 && y < 20;
        EXPECT_EQ(picture[y * s.picture_width + x], data ? kNoDataColour : idle_colour(kNoDataColour));
      }
  }
}

TEST(CpuPicture, WarpsAndThreadsHaveTheirOwnColours) {
  LaunchConfig c;
  c.n = 128;
  c.block = {64, 1, 1};
  const GridShape s = make_shape(c);
  std::vector<std::uint32_t> warps, threads;
  paint_on_cpu(s, ColourMode::by_warp, &warps);
  paint_on_cpu(s, ColourMode::by_thread, &threads);
  // Warp colours change every 32 threads; thread colours restart with every block.
  EXPECT_EQ(warps[0], warps[31]);
  EXPECT_NE(warps[31], warps[32]);
  EXPECT_NE(warps[32], warps[64]);
  EXPECT_EQ(threads[5], threads[64 + 5]);
  EXPECT_NE(threads[0], threads[63]);
}

}  // namespace
}  // namespace whygpu::grid
