#pragma once
// The tile shape "auto" gives each hand-written rung for a product of a given size: tables
// of the shapes that measured fastest on the H100, with the measurement behind each row
// (auto_tile_shape.cpp). Plain C++ (no CUDA), so the rules are tested on any machine.
#include <string>
#include <vector>

#include "compute/kernels/matmul.h"

namespace whygpu::kernels {

// One row of a rung's table: products whose output, cut into 128 x 128 tiles, fills the
// GPU's SMs at most `max_waves` times (and more than the row before) use `shape`.
// `measured` says what was measured, where and when, and why this shape won there.
struct TileShapeRule {
  double max_waves;
  const char* shape;
  const char* measured;
};

// The table of a rung with several tile shapes (empty for other variants). Rows in
// increasing max_waves; the last row covers everything larger.
const std::vector<TileShapeRule>& tile_shape_rules(MatmulVariant variant);

// 128 x 128 output tiles of an m x n product per SM: the rules' measure of size. Waves
// rather than n, so that a GPU with fewer SMs fills up at a smaller n, as it does.
double waves_of_128_tiles(int m, int n, int sm_count);

// The shape "auto" picks for an m x n product (C's size; k does not enter the rules) on a
// GPU with `sm_count` SMs of compute capability `compute_major` (the FP32 rung keeps its
// register-tiled kernel below 8, where there is no cp.async). "" for a variant without
// tile shapes.
std::string auto_tile_shape(MatmulVariant variant, int m, int n, int sm_count, int compute_major);

}  // namespace whygpu::kernels
