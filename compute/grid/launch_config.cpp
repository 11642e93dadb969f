#include "compute/grid/launch_config.h"

#include <algorithm>
#include <cmath>

namespace whygpu::grid {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

std::string dims_text(const Dim3& d) {
  if (d.y == 1 && d.z == 1) return std::to_string(d.x);
  return "dim3(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

// A sentence that ends with the launch that fits any CUDA GPU and suits the problem (256
// threads a block; 16 x 16 for a matrix). The vector's pattern takes {0} n and {1} the
// blocks; the matrix's {0} width, {1} height and {2}, {3} the grid.
Wording suggestion(const LaunchConfig& c, const char* vector_pattern, const char* matrix_pattern) {
  if (c.kind == ProblemKind::vector_1d)
    return Wording::sentence(vector_pattern, {std::to_string(c.n), std::to_string(ceil_div(c.n, 256))});
  return Wording::sentence(matrix_pattern, {std::to_string(c.width), std::to_string(c.height),
                                  std::to_string(ceil_div(c.width, 16)), std::to_string(ceil_div(c.height, 16))});
}

}  // namespace

Dim3 launch_grid(const LaunchConfig& c) {
  if (!c.grid_auto) return c.grid_manual;
  const Dim3& b = c.block;
  if (b.x <= 0 || b.y <= 0 || b.z <= 0) return Dim3{};
  if (c.kind == ProblemKind::vector_1d) return Dim3{std::max<std::int64_t>(1, ceil_div(c.n, b.volume())), 1, 1};
  return Dim3{ceil_div(c.width, b.x), ceil_div(c.height, b.y), 1};
}

Status validate(const LaunchConfig& c) {
  // One sentence each for the block and the grid: "block" alone is no sentence to translate.
  auto check_dims = [](const Dim3& d, bool block) -> Status {
    for (const std::int64_t v : {d.x, d.y, d.z}) {
      if (v < 1)
        return Status::error(block ? Wording::sentence(N_("block sizes must be at least 1"))
                                   : Wording::sentence(N_("grid sizes must be at least 1")));
      if (v > kMaxDimValue)
        return Status::error(block ? Wording::sentence(N_("block sizes must fit in an unsigned int "
                                                          "(at most 4294967295)"))
                                   : Wording::sentence(N_("grid sizes must fit in an unsigned int "
                                                          "(at most 4294967295)")));
    }
    return Status::ok();
  };
  if (c.kind == ProblemKind::vector_1d) {
    if (c.n < 1 || c.n > kMaxVectorElements)
      return Status::error(Wording::sentence(
          N_("N must be between 1 and {0}"), {std::to_string(kMaxVectorElements)}));
  } else if (c.width < 1 || c.height < 1 || c.width > kMaxMatrixSide || c.height > kMaxMatrixSide) {
    return Status::error(Wording::sentence(N_("the matrix must be 1 to {0} cells on each side"),
                                           {std::to_string(kMaxMatrixSide)}));
  }
  if (Status s = check_dims(c.block, true); !s) return s;
  if (!c.grid_auto)
    if (Status s = check_dims(c.grid_manual, false); !s) return s;
  return Status::ok();
}

GridShape make_shape(const LaunchConfig& c) {
  GridShape s;
  s.kind = c.kind;
  const Dim3 g = launch_grid(c);
  const std::int64_t b[3] = {c.block.x, c.block.y, c.block.z};
  const std::int64_t gd[3] = {g.x, g.y, g.z};
  for (int d = 0; d < 3; ++d) {
    s.block[d] = static_cast<std::uint32_t>(b[d]);
    s.grid[d] = static_cast<std::uint32_t>(gd[d]);
  }
  s.n = static_cast<std::uint64_t>(std::max<std::int64_t>(c.n, 1));
  s.width = static_cast<std::uint32_t>(std::max<std::int64_t>(c.width, 1));
  s.height = static_cast<std::uint32_t>(std::max<std::int64_t>(c.height, 1));
  if (too_big_to_draw(s)) return s;  // picture fields stay 1: nothing will be drawn
  if (c.kind == ProblemKind::vector_1d) {
    // About twice as wide as tall, in whole blocks, so block boundaries line up in columns.
    const std::uint64_t threads = s.total_threads();
    const std::uint64_t tpb = s.threads_per_block();
    const double target = std::sqrt(2.0 * static_cast<double>(threads));
    // Rows of at least 256 cells (a small launch reads best as a few long rows), in
    // whole blocks; a block of up to 1024 threads gets a row of its own; a larger one
    // (which no GPU accepts) wraps in whole warps.
    const double row = std::max(target, 256.0);
    std::uint64_t width;
    if (static_cast<double>(tpb) <= row) {
      width = static_cast<std::uint64_t>(row / static_cast<double>(tpb)) * tpb;
    } else if (tpb <= 1024) {
      width = tpb;
    } else {
      width = std::max<std::uint64_t>(kWarpSize, static_cast<std::uint64_t>(target) / kWarpSize * kWarpSize);
    }
    width = std::min(width, threads);
    s.picture_width = static_cast<std::uint32_t>(width);
    s.picture_height = static_cast<std::uint32_t>((threads + width - 1) / width);
    s.layer_rows = s.picture_height;
  } else {
    s.picture_width = s.grid[0] * s.block[0];
    s.layer_rows = s.grid[1] * s.block[1];
    s.picture_height = s.layer_rows * s.grid[2] * s.block[2];
  }
  return s;
}

std::uint64_t element_count(const GridShape& s) {
  return s.kind == ProblemKind::vector_1d ? s.n : std::uint64_t{s.width} * s.height;
}

std::uint64_t elements_covered(const GridShape& s) {
  if (s.kind == ProblemKind::vector_1d) return std::min(s.n, s.total_threads());
  const std::uint64_t cols = std::min<std::uint64_t>(s.width, std::uint64_t{s.grid[0]} * s.block[0]);
  const std::uint64_t rows = std::min<std::uint64_t>(s.height, std::uint64_t{s.grid[1]} * s.block[1]);
  return cols * rows;
}

bool too_big_to_draw(const GridShape& s) {
  // Each factor is below 2^32, so compare stepwise to stay clear of 64-bit overflow.
  const std::uint64_t blocks = s.block_count();
  const std::uint64_t tpb = s.threads_per_block();
  if (blocks > kMaxPictureThreads || tpb > kMaxPictureThreads) return true;
  if (blocks * tpb > kMaxPictureThreads) return true;
  if (s.kind == ProblemKind::matrix_2d) {
    // 2D pictures are exactly grid*block on each side; keep each side a texture can hold.
    const std::uint64_t w = std::uint64_t{s.grid[0]} * s.block[0];
    const std::uint64_t h = std::uint64_t{s.grid[1]} * s.block[1] * s.grid[2] * s.block[2];
    if (w > 16384 || h > 16384) return true;
  }
  return false;
}

std::string launch_syntax(const LaunchConfig& c) {
  return "<<<" + dims_text(launch_grid(c)) + ", " + dims_text(c.block) + ">>>";
}

LaunchCheck check_against_limits(const LaunchConfig& c, std::int64_t dynamic_shared_bytes,
                                 const DeviceLimits& limits) {
  LaunchCheck check;
  auto fail = [&](Wording broken, Wording hint) {
    if (check.exceeds_limits) return;  // report the first, like the runtime does
    check.exceeds_limits = true;
    check.broken_limit = std::move(broken);
    check.hint = std::move(hint);
  };
  const Dim3 g = launch_grid(c);
  const std::int64_t threads = c.block.volume();
  if (threads > limits.max_threads_per_block)
    fail(Wording::sentence(N_("a block holds at most {0} threads; this one has {1} ({2} x {3} x {4})"),
                 {std::to_string(limits.max_threads_per_block), std::to_string(threads), std::to_string(c.block.x),
                  std::to_string(c.block.y), std::to_string(c.block.z)}),
         suggestion(c,
                    N_("use more blocks, not bigger ones: for N = {0}, <<<{1}, 256>>> (ceil({0} / 256) blocks) with "
                       "the bounds check `if (i < n)`."),
                    N_("use more blocks, not bigger ones: for {0} x {1}, dim3 block(16, 16) and dim3 grid({2}, {3}) "
                       "with the bounds check `if (col < width && row < height)`.")));
  const char* axis[3] = {"x", "y", "z"};
  const std::int64_t block[3] = {c.block.x, c.block.y, c.block.z};
  const std::int64_t grid[3] = {g.x, g.y, g.z};
  for (int d = 0; d < 3; ++d) {
    if (block[d] > limits.max_block_dim[d])
      fail(Wording::sentence(N_("blockDim.{0} may be at most {1}; this one is {2}"),
                   {axis[d], std::to_string(limits.max_block_dim[d]), std::to_string(block[d])}),
           suggestion(c,
                      N_("spread the threads over the other dimensions or over more blocks: <<<{1}, 256>>> "
                         "(ceil({0} / 256) blocks) with the bounds check `if (i < n)`."),
                      N_("spread the threads over the other dimensions or over more blocks: dim3 block(16, 16) and "
                         "dim3 grid({2}, {3}) with the bounds check `if (col < width && row < height)`.")));
  }
  for (int d = 0; d < 3; ++d) {
    if (grid[d] > limits.max_grid_dim[d])
      fail(Wording::sentence(N_("gridDim.{0} may be at most {1}; this one is {2}"),
                   {axis[d], std::to_string(limits.max_grid_dim[d]), std::to_string(grid[d])}),
           Wording::sentence(N_("use bigger blocks or put more of the grid in x (up to {0} blocks), or let the grid be computed."),
                   {std::to_string(limits.max_grid_dim[0])}));
  }
  if (dynamic_shared_bytes > limits.max_shared_memory_per_block)
    fail(Wording::sentence(N_("a block may use at most {0} KiB of shared memory by default; this launch asks for {1} KiB"),
                 {std::to_string(limits.max_shared_memory_per_block / 1024), std::to_string(dynamic_shared_bytes / 1024)}),
         Wording::sentence(N_("ask for less shared memory per block.")));
  return check;
}

}  // namespace whygpu::grid
