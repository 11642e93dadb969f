// The mapping (index, warp, lane, bounds, picture cell) against a model written the way
// the lesson explains it: walk the launch in hardware order with counters, and check
// that every data element is handled by exactly one thread.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "compute/grid/launch_config.h"
#include "compute/grid/thread_mapping.h"
#include "tests/grid/grid_test_support.h"

namespace whygpu::grid {
namespace {

using testing::matrix;
using testing::vector;

struct ModelThread {
  std::uint32_t b[3], t[3];
  std::uint64_t counter;           // launch-wide position in hardware order
  std::uint64_t counter_in_block;  // position inside its block
  std::uint64_t block_counter;
};

// Blocks are numbered x fastest, then y, then z; so are threads inside a block; a
// warp is 32 consecutive threads of one block.
std::vector<ModelThread> walk(const GridShape& s) {
  std::vector<ModelThread> out;
  std::uint64_t counter = 0, block_counter = 0;
  for (std::uint32_t bz = 0; bz < s.grid[2]; ++bz)
    for (std::uint32_t by = 0; by < s.grid[1]; ++by)
      for (std::uint32_t bx = 0; bx < s.grid[0]; ++bx, ++block_counter) {
        std::uint64_t in_block = 0;
        for (std::uint32_t tz = 0; tz < s.block[2]; ++tz)
          for (std::uint32_t ty = 0; ty < s.block[1]; ++ty)
            for (std::uint32_t tx = 0; tx < s.block[0]; ++tx)
              out.push_back({{bx, by, bz}, {tx, ty, tz}, counter++, in_block++, block_counter});
      }
  return out;
}

void check_shape(const LaunchConfig& config) {
  std::string trace = launch_syntax(config);
  trace.append(config.kind == ProblemKind::vector_1d ? " N=" : " WxH=");
  trace.append(std::to_string(config.kind == ProblemKind::vector_1d ? config.n : config.width));
  if (config.kind == ProblemKind::matrix_2d) trace.append("x").append(std::to_string(config.height));
  SCOPED_TRACE(trace);
  ASSERT_TRUE(validate(config).is_ok());
  const GridShape s = make_shape(config);
  ASSERT_FALSE(too_big_to_draw(s));
  const std::vector<ModelThread> threads = walk(s);
  ASSERT_EQ(threads.size(), s.total_threads());
  ASSERT_GE(std::uint64_t{s.picture_width} * s.picture_height, s.total_threads());

  std::vector<int> handled(element_count(s), 0);
  std::vector<int> painted(std::uint64_t{s.picture_width} * s.picture_height, 0);
  std::uint64_t idle = 0;
  for (const ModelThread& m : threads) {
    const ThreadPlace p = place_thread(s, m.b[0], m.b[1], m.b[2], m.t[0], m.t[1], m.t[2]);
    ASSERT_EQ(p.slot, m.counter);
    ASSERT_EQ(p.block_linear, m.block_counter);
    ASSERT_EQ(p.thread_linear, m.counter_in_block);
    ASSERT_EQ(p.warp, m.counter_in_block / 32);
    ASSERT_EQ(p.lane, m.counter_in_block % 32);

    bool in_data;
    std::uint64_t element = 0;
    if (s.kind == ProblemKind::vector_1d) {
      // The lesson's i = blockIdx.x * blockDim.x + threadIdx.x, generalised to 3D launches.
      element = m.counter;
      in_data = element < s.n;
    } else {
      const std::uint64_t col = std::uint64_t{m.b[0]} * s.block[0] + m.t[0];
      const std::uint64_t row = std::uint64_t{m.b[1]} * s.block[1] + m.t[1];
      const std::uint64_t depth = std::uint64_t{m.b[2]} * s.block[2] + m.t[2];
      in_data = col < s.width && row < s.height && depth == 0;
      element = row * s.width + col;
      ASSERT_EQ(p.col, col);
      ASSERT_EQ(p.row, row);
    }
    ASSERT_EQ(p.in_bounds, in_data);
    if (in_data) {
      ASSERT_EQ(p.global_index, element);
      ++handled[element];
    } else {
      ++idle;
    }
    ASSERT_LT(p.pixel_x, s.picture_width);
    ASSERT_LT(p.pixel_y, s.picture_height);
    ++painted[p.pixel_y * s.picture_width + p.pixel_x];

    std::uint32_t b[3], t[3];
    ASSERT_TRUE(thread_at_pixel(s, p.pixel_x, p.pixel_y, b, t));
    for (int d = 0; d < 3; ++d) {
      ASSERT_EQ(b[d], m.b[d]);
      ASSERT_EQ(t[d], m.t[d]);
    }
  }
  // No element is done twice; with a computed grid none is missed either.
  std::uint64_t covered = 0;
  for (int h : handled) {
    ASSERT_LE(h, 1);
    covered += static_cast<std::uint64_t>(h);
  }
  EXPECT_EQ(covered, elements_covered(s));
  if (config.grid_auto) {
    EXPECT_EQ(covered, element_count(s));
  }
  EXPECT_EQ(idle, s.total_threads() - covered);
  // Each launched thread has its own cell; the only empty cells are past the last thread.
  std::uint64_t empty = 0;
  for (std::uint64_t cell = 0; cell < painted.size(); ++cell) {
    ASSERT_LE(painted[cell], 1);
    if (painted[cell] == 0) {
      ++empty;
      std::uint32_t b[3], t[3];
      EXPECT_FALSE(thread_at_pixel(s, cell % s.picture_width, cell / s.picture_width, b, t));
    }
  }
  EXPECT_EQ(empty, painted.size() - s.total_threads());
  if (s.kind == ProblemKind::vector_1d) {
    EXPECT_LT(empty, s.picture_width);
  }
}

LaunchConfig manual(LaunchConfig c, Dim3 grid) {
  c.grid_auto = false;
  c.grid_manual = grid;
  return c;
}

TEST(ThreadMapping, VectorShapes) {
  check_shape(vector(1000, {256, 1, 1}));   // the last block overhangs by 24
  check_shape(vector(1024, {256, 1, 1}));   // divides exactly
  check_shape(vector(1, {1, 1, 1}));
  check_shape(vector(33, {32, 1, 1}));      // a second warp with one thread of data
  check_shape(vector(100, {7, 1, 1}));      // blocks smaller than a warp
  check_shape(vector(5000, {1024, 1, 1}));
  check_shape(vector(777, {8, 4, 2}));      // a 3D block on a vector
  check_shape(vector(65, {33, 1, 1}));      // 33 threads: two warps per block
}

TEST(ThreadMapping, MatrixShapes) {
  check_shape(matrix(100, 60, {16, 16, 1}));
  check_shape(matrix(64, 64, {16, 16, 1}));
  check_shape(matrix(1, 1, {32, 32, 1}));
  check_shape(matrix(37, 5, {8, 8, 1}));
  check_shape(matrix(50, 40, {8, 4, 2}));   // z threads have no data: all idle
  check_shape(matrix(33, 17, {33, 1, 1}));
}

TEST(ThreadMapping, HandSetGrids) {
  check_shape(manual(vector(1000, {256, 1, 1}), {8, 1, 1}));   // twice too many blocks
  check_shape(manual(vector(1000, {256, 1, 1}), {2, 1, 1}));   // too few: data left over
  check_shape(manual(vector(300, {32, 1, 1}), {2, 3, 2}));     // a 3D grid on a vector
  check_shape(manual(matrix(40, 30, {8, 8, 1}), {3, 2, 2}));   // too few columns and rows, two layers
  check_shape(manual(matrix(20, 20, {8, 8, 2}), {4, 4, 1}));
}

TEST(ThreadMapping, RandomShapes) {
  std::mt19937 rng(20240611);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int i = 0; i < 150; ++i) {
    const Dim3 block{pick(1, 64), pick(1, 8), pick(1, 3)};
    LaunchConfig c = (i % 2 == 0) ? vector(pick(1, 6000), block) : matrix(pick(1, 90), pick(1, 70), block);
    if (i % 5 == 0) c = manual(c, {pick(1, 9), pick(1, 4), pick(1, 2)});
    check_shape(c);
  }
}

TEST(ThreadMapping, BlockWiderThanPictureWrapsInWarps) {
  LaunchConfig c = manual(vector(500000, {500000, 1, 1}), {1, 1, 1});
  const GridShape s = make_shape(c);
  ASSERT_FALSE(too_big_to_draw(s));
  EXPECT_EQ(s.picture_width % 32, 0u);
  EXPECT_LT(s.picture_width, 2048u);
  EXPECT_GE(std::uint64_t{s.picture_width} * s.picture_height, 500000u);
}

TEST(ThreadMapping, VectorRowsHoldWholeBlocks) {
  const GridShape s = make_shape(vector(1 << 20, {256, 1, 1}));
  EXPECT_EQ(s.picture_width % 256, 0u);
  EXPECT_GT(s.picture_width, s.picture_height);  // wider than tall, like a screen
}

}  // namespace
}  // namespace whygpu::grid
