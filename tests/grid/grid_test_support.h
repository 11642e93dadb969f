#pragma once
// Helpers shared by the grid tests: launch configurations written the way the panel's
// two problem kinds fill them in, and the colour comparison for pictures painted on a GPU.
#include <cstdint>
#include <cstdlib>

#include "compute/grid/launch_config.h"

namespace whygpu::grid::testing {

// A 1D launch over n elements (grid computed from the block).
inline LaunchConfig vector(std::int64_t n, Dim3 block) {
  LaunchConfig c;
  c.kind = ProblemKind::vector_1d;
  c.n = n;
  c.block = block;
  return c;
}

// A 2D launch over a w x h matrix (grid computed from the block).
inline LaunchConfig matrix(std::int64_t w, std::int64_t h, Dim3 block) {
  LaunchConfig c;
  c.kind = ProblemKind::matrix_2d;
  c.width = w;
  c.height = h;
  c.block = block;
  return c;
}

// Two RGBA pixels agree within 1 per channel: host and device may round a float differently.
inline bool close_colours(std::uint32_t a, std::uint32_t b) {
  for (int shift = 0; shift < 32; shift += 8) {
    const int ca = static_cast<int>((a >> shift) & 0xffu), cb = static_cast<int>((b >> shift) & 0xffu);
    if (std::abs(ca - cb) > 1) return false;
  }
  return true;
}

}  // namespace whygpu::grid::testing
