#pragma once
// Where each thread of a launch lands: its blockIdx/threadIdx, its index into the data,
// its warp and lane, whether the bounds check lets it work, and the picture cell it
// paints. The GPU kernel and the CPU model include this same arithmetic, so the picture
// drawn on the CPU (no GPU) and the one painted on the GPU cannot disagree about it;
// tests check it against a separate model written as the nested loops of the lesson.
#include <cstdint>

#include "compute/core/host_device.h"

namespace whygpu::grid {

// Warps are 32 threads on every NVIDIA GPU so far; the GPU test checks %laneid agrees.
inline constexpr std::uint32_t kWarpSize = 32;

enum class ProblemKind : std::uint32_t { vector_1d = 0, matrix_2d = 1 };

// A launch and its problem as plain numbers (no host-only types), shared with the kernel.
struct GridShape {
  ProblemKind kind = ProblemKind::vector_1d;
  std::uint32_t block[3] = {1, 1, 1};  // blockDim
  std::uint32_t grid[3] = {1, 1, 1};   // gridDim
  std::uint64_t n = 1;                 // vector_1d: elements
  std::uint32_t width = 1;             // matrix_2d: columns
  std::uint32_t height = 1;            // matrix_2d: rows
  // The picture: one cell per launched thread.
  //   vector_1d: threads in launch order, wrapped every picture_width cells (a whole
  //              number of blocks, so a block never straddles two rows unless it is
  //              wider than a row).
  //   matrix_2d: column = x, row = y; each z layer of threads is a further band of
  //              layer_rows rows below (a 2D matrix has data only in layer 0).
  std::uint32_t picture_width = 1;
  std::uint32_t picture_height = 1;
  std::uint32_t layer_rows = 1;

  WHYGPU_HD std::uint64_t threads_per_block() const {
    return std::uint64_t{block[0]} * block[1] * block[2];
  }
  WHYGPU_HD std::uint64_t block_count() const {
    return std::uint64_t{grid[0]} * grid[1] * grid[2];
  }
  WHYGPU_HD std::uint64_t total_threads() const { return block_count() * threads_per_block(); }
};

struct ThreadPlace {
  std::uint64_t block_linear = 0;   // blockIdx.x + blockIdx.y*gridDim.x + blockIdx.z*gridDim.x*gridDim.y
  std::uint32_t thread_linear = 0;  // threadIdx.x + threadIdx.y*blockDim.x + threadIdx.z*blockDim.x*blockDim.y
  std::uint64_t slot = 0;           // launch-wide thread number: block_linear*threads_per_block + thread_linear
  std::uint32_t warp = 0;           // warp within the block: thread_linear / 32
  std::uint32_t lane = 0;           // thread_linear % 32
  std::uint64_t global_index = 0;   // vector_1d: i; matrix_2d: row*width + col (valid when in_bounds)
  std::uint64_t col = 0, row = 0, layer = 0;  // matrix_2d coordinates of the thread
  bool in_bounds = false;           // passes the kernel's bounds check
  std::uint64_t pixel_x = 0, pixel_y = 0;
};

WHYGPU_HD inline ThreadPlace place_thread(const GridShape& s, std::uint32_t bx, std::uint32_t by,
                                          std::uint32_t bz, std::uint32_t tx, std::uint32_t ty,
                                          std::uint32_t tz) {
  ThreadPlace p;
  p.block_linear = bx + std::uint64_t{by} * s.grid[0] + std::uint64_t{bz} * s.grid[0] * s.grid[1];
  p.thread_linear = tx + ty * s.block[0] + tz * s.block[0] * s.block[1];
  p.slot = p.block_linear * s.threads_per_block() + p.thread_linear;
  p.warp = p.thread_linear / kWarpSize;
  p.lane = p.thread_linear % kWarpSize;
  if (s.kind == ProblemKind::vector_1d) {
    p.global_index = p.slot;
    p.in_bounds = p.global_index < s.n;
    p.pixel_x = p.slot % s.picture_width;
    p.pixel_y = p.slot / s.picture_width;
  } else {
    p.col = std::uint64_t{bx} * s.block[0] + tx;
    p.row = std::uint64_t{by} * s.block[1] + ty;
    p.layer = std::uint64_t{bz} * s.block[2] + tz;
    p.global_index = p.row * s.width + p.col;
    p.in_bounds = p.col < s.width && p.row < s.height && p.layer == 0;
    p.pixel_x = p.col;
    p.pixel_y = p.layer * s.layer_rows + p.row;
  }
  return p;
}

// The inverse, for hovering: which thread painted picture cell (x, y). False for cells
// no thread paints (the tail of the last 1D row) and for cells outside the picture.
WHYGPU_HD inline bool thread_at_pixel(const GridShape& s, std::uint64_t x, std::uint64_t y,
                                      std::uint32_t block_idx[3], std::uint32_t thread_idx[3]) {
  if (x >= s.picture_width || y >= s.picture_height) return false;
  if (s.kind == ProblemKind::vector_1d) {
    const std::uint64_t slot = y * s.picture_width + x;
    if (slot >= s.total_threads()) return false;
    const std::uint64_t tpb = s.threads_per_block();
    std::uint64_t b = slot / tpb;
    std::uint64_t t = slot % tpb;
    block_idx[0] = static_cast<std::uint32_t>(b % s.grid[0]);
    b /= s.grid[0];
    block_idx[1] = static_cast<std::uint32_t>(b % s.grid[1]);
    block_idx[2] = static_cast<std::uint32_t>(b / s.grid[1]);
    thread_idx[0] = static_cast<std::uint32_t>(t % s.block[0]);
    t /= s.block[0];
    thread_idx[1] = static_cast<std::uint32_t>(t % s.block[1]);
    thread_idx[2] = static_cast<std::uint32_t>(t / s.block[1]);
    return true;
  }
  const std::uint64_t layer = y / s.layer_rows;
  const std::uint64_t row = y % s.layer_rows;
  block_idx[0] = static_cast<std::uint32_t>(x / s.block[0]);
  thread_idx[0] = static_cast<std::uint32_t>(x % s.block[0]);
  block_idx[1] = static_cast<std::uint32_t>(row / s.block[1]);
  thread_idx[1] = static_cast<std::uint32_t>(row % s.block[1]);
  block_idx[2] = static_cast<std::uint32_t>(layer / s.block[2]);
  thread_idx[2] = static_cast<std::uint32_t>(layer % s.block[2]);
  return true;
}

}  // namespace whygpu::grid
