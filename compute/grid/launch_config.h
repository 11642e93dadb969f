#pragma once
// What a student sets up before pressing Launch: the problem (a vector of N elements or a
// W x H matrix), the block shape, and the grid, either computed from the problem
// (ceil(N / threads per block)) or typed in by hand. Nothing here checks the values
// against the GPU's limits: that is the runtime's job, and the lesson shows its answer.
#include <cstdint>
#include <string>

#include "compute/core/status.h"
#include "compute/core/wording.h"
#include "compute/grid/thread_mapping.h"

namespace whygpu::grid {

struct Dim3 {
  std::int64_t x = 1, y = 1, z = 1;
  std::int64_t volume() const { return x * y * z; }
  bool operator==(const Dim3& o) const { return x == o.x && y == o.y && z == o.z; }
};

struct LaunchConfig {
  ProblemKind kind = ProblemKind::vector_1d;
  std::int64_t n = 1000;       // vector_1d
  std::int64_t width = 100;    // matrix_2d
  std::int64_t height = 60;    // matrix_2d
  Dim3 block{256, 1, 1};
  bool grid_auto = true;
  Dim3 grid_manual{1, 1, 1};   // used when !grid_auto
};

// The most threads one picture shows (one cell and one record each): 4 Mi threads,
// 192 MiB of records on the GPU. Launches beyond it are refused by the lesson, not the
// GPU, and say so.
inline constexpr std::uint64_t kMaxPictureThreads = std::uint64_t{1} << 22;
inline constexpr std::int64_t kMaxVectorElements = std::int64_t{1} << 22;
inline constexpr std::int64_t kMaxMatrixSide = 2048;
// dim3 holds unsigned ints: values above this cannot even be written into a launch.
inline constexpr std::int64_t kMaxDimValue = 0xffffffffLL;

// The grid the launch uses: the manual one, or the smallest that covers the problem.
Dim3 launch_grid(const LaunchConfig& config);

// Sizes that make no launch at all (zero or negative, larger than dim3 holds, a problem
// larger than the lesson draws). Limits of the GPU are not checked here.
Status validate(const LaunchConfig& config);

// The shape shared with the kernel, with the picture laid out. Requires validate() ok.
GridShape make_shape(const LaunchConfig& config);

// Data elements that some thread handles: fewer than the problem has when a hand-set
// grid is too small (those elements are silently never processed).
std::uint64_t elements_covered(const GridShape& shape);
std::uint64_t element_count(const GridShape& shape);

// True when the picture would need more cells than kMaxPictureThreads.
bool too_big_to_draw(const GridShape& shape);

// "<<<dim3(4, 1, 1), dim3(256, 1, 1)>>>" or "<<<4, 256>>>" when y and z are 1.
std::string launch_syntax(const LaunchConfig& config);

// The limits of one GPU that decide whether the runtime accepts a launch configuration.
struct DeviceLimits {
  std::int64_t max_threads_per_block = 1024;
  std::int64_t max_block_dim[3] = {1024, 1024, 64};
  std::int64_t max_grid_dim[3] = {2147483647, 65535, 65535};
  std::int64_t max_shared_memory_per_block = 48 * 1024;
};

// The lesson's own reading of a configuration against the limits: which limit it breaks
// and what to change. It is used for the hint next to the runtime's message and never
// instead of it: the launch is always made, and the runtime has the last word.
// Both are sentences the interface translates (compute/core/wording.h).
struct LaunchCheck {
  bool exceeds_limits = false;
  Wording broken_limit;  // "a block holds at most 1024 threads; this one has 500000 (500000 x 1 x 1)"
  Wording hint;          // "use more blocks, not bigger ones: for N = 500000, <<<1954, 256>>> ..."
};
LaunchCheck check_against_limits(const LaunchConfig& config, std::int64_t dynamic_shared_bytes,
                                 const DeviceLimits& limits);

}  // namespace whygpu::grid
