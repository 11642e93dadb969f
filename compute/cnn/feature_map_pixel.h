#pragma once
// The colour of one picture pixel of feature_map_render.h, for the CPU and GPU renderers.
#include <cstdint>

#include "compute/cnn/feature_map_render.h"
#include "compute/core/host_device.h"

namespace whygpu::cnn {

WHYGPU_HD inline std::uint32_t pack_rgba(float r, float g, float b) {
  const auto byte = [](float v) {
    v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return static_cast<std::uint32_t>(v * 255.0f + 0.5f);
  };
  return byte(r) | (byte(g) << 8) | (byte(b) << 16) | 0xFF000000u;
}

// Piecewise-linear colour maps through a few stops; t in [0, 1].
WHYGPU_HD inline std::uint32_t colour_map_rgba(float t, ColourMap colour_map) {
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  if (colour_map == ColourMap::kGrey) return pack_rgba(t, t, t);
  // viridis stops #440154 #3B528B #21918C #5EC962 #FDE725; coolwarm-like #3B4CC0 #F2F2F2 #B40426
  constexpr float kViridis[5][3] = {{0.267f, 0.005f, 0.329f}, {0.231f, 0.322f, 0.545f}, {0.129f, 0.569f, 0.549f},
                                    {0.369f, 0.788f, 0.384f}, {0.992f, 0.906f, 0.145f}};
  constexpr float kDiverging[3][3] = {{0.231f, 0.298f, 0.753f}, {0.949f, 0.949f, 0.949f}, {0.706f, 0.016f, 0.149f}};
  const bool viridis = colour_map == ColourMap::kViridis;
  const int segments = viridis ? 4 : 2;
  const float x = t * segments;
  int i = static_cast<int>(x);
  if (i >= segments) i = segments - 1;
  const float f = x - i;
  const float* a = viridis ? kViridis[i] : kDiverging[i];
  const float* b = viridis ? kViridis[i + 1] : kDiverging[i + 1];
  return pack_rgba(a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2]));
}

// v mapped to [0, 1] for the colour map, given the range [lo, hi] it is shown over.
// Diverging maps keep zero in the middle (white), scaled by the larger magnitude.
WHYGPU_HD inline float normalise_value(float v, float lo, float hi, ColourMap colour_map) {
  if (colour_map == ColourMap::kDiverging) {
    const float m = fmaxf(fabsf(lo), fabsf(hi));
    return m > 0.0f ? 0.5f + 0.5f * v / m : 0.5f;
  }
  return hi > lo ? (v - lo) / (hi - lo) : 0.0f;
}

// Which map and which map pixel picture pixel (px, py) shows; false for background.
WHYGPU_HD inline bool locate_pixel(const FeatureMapLayout& layout, int px, int py, int* channel, int* index) {
  const int cell_w = layout.map_width * layout.scale, cell_h = layout.map_height * layout.scale;
  const int col = px / (cell_w + layout.gap), row = py / (cell_h + layout.gap);
  const int x = px - col * (cell_w + layout.gap), y = py - row * (cell_h + layout.gap);
  if (x >= cell_w || y >= cell_h) return false;
  const int c = row * layout.columns + col;
  if (c >= layout.channels) return false;
  *channel = c;
  *index = (y / layout.scale) * layout.map_width + x / layout.scale;
  return true;
}

}  // namespace whygpu::cnn
