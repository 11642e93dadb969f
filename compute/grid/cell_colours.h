#pragma once
// The colour of one picture cell, shared by the GPU kernel and the CPU painter.
// Colours are RGBA8 packed little-endian (R in the lowest byte), the byte order of
// GL_RGBA / GL_UNSIGNED_BYTE, so a kernel can write them straight into a GL buffer.
#include <cstdint>

#include "compute/core/host_device.h"
#include "compute/grid/thread_mapping.h"

namespace whygpu::grid {

enum class ColourMode : std::uint32_t { by_block = 0, by_warp, by_thread, by_sm, by_start_time };
inline constexpr int kColourModeCount = 5;

// Cells no thread paints (past the last thread of a 1D launch): fully transparent.
inline constexpr std::uint32_t kNoThreadColour = 0x00000000u;
// SM or time colouring asked of a picture computed on the CPU: a flat grey, no data.
inline constexpr std::uint32_t kNoDataColour = 0xff606060u;

WHYGPU_HD inline std::uint32_t pack_rgba(float r, float g, float b) {
  auto byte = [](float v) {
    v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return static_cast<std::uint32_t>(v * 255.0f + 0.5f);
  };
  return byte(r) | (byte(g) << 8) | (byte(b) << 16) | 0xff000000u;
}

// A bright, saturated hue for category colours (blocks, warps, SMs).
WHYGPU_HD inline std::uint32_t hue_colour(float hue) {
  hue -= static_cast<float>(static_cast<int>(hue));
  const float h6 = hue * 6.0f;
  const int sector = static_cast<int>(h6);
  const float f = h6 - static_cast<float>(sector);
  const float hi = 0.92f, lo = 0.25f;
  const float up = lo + (hi - lo) * f, down = hi - (hi - lo) * f;
  switch (sector) {
    case 0: return pack_rgba(hi, up, lo);
    case 1: return pack_rgba(down, hi, lo);
    case 2: return pack_rgba(lo, hi, up);
    case 3: return pack_rgba(lo, down, hi);
    case 4: return pack_rgba(up, lo, hi);
    default: return pack_rgba(hi, lo, down);
  }
}

// Neighbouring categories get far-apart hues (golden-ratio steps), so adjacent blocks differ.
WHYGPU_HD inline std::uint32_t category_colour(std::uint64_t category) {
  const float golden = 0.6180339887f;
  const std::uint64_t folded = category % 100003u;  // keep the float product exact enough
  return hue_colour(static_cast<float>(folded) * golden);
}

// A dark-blue to yellow ramp (close to viridis) for ordered values in [0, 1].
WHYGPU_HD inline std::uint32_t ramp_colour(float t) {
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  const float stops[5][3] = {{0.27f, 0.00f, 0.33f},
                             {0.23f, 0.32f, 0.55f},
                             {0.13f, 0.57f, 0.55f},
                             {0.37f, 0.79f, 0.38f},
                             {0.99f, 0.91f, 0.14f}};
  const float x = t * 4.0f;
  int i = static_cast<int>(x);
  if (i > 3) i = 3;
  const float f = x - static_cast<float>(i);
  return pack_rgba(stops[i][0] + (stops[i + 1][0] - stops[i][0]) * f,
                   stops[i][1] + (stops[i + 1][1] - stops[i][1]) * f,
                   stops[i][2] + (stops[i + 1][2] - stops[i][2]) * f);
}

// Threads that ran but failed the bounds check: mostly grey, a trace of their colour
// left so block boundaries stay visible in the overhang.
WHYGPU_HD inline std::uint32_t idle_colour(std::uint32_t active) {
  const float keep = 0.15f, grey = 0.32f * (1.0f - keep);
  const float r = static_cast<float>(active & 0xffu) / 255.0f;
  const float g = static_cast<float>((active >> 8) & 0xffu) / 255.0f;
  const float b = static_cast<float>((active >> 16) & 0xffu) / 255.0f;
  return pack_rgba(grey + keep * r, grey + keep * g, grey + keep * b);
}

// What a colour needs to know beyond the thread's place.
struct ColourInputs {
  ColourMode mode = ColourMode::by_block;
  std::uint64_t threads_per_block = 1;
  std::uint32_t smid = 0;
  float start_fraction = 0.0f;  // this thread's start within the launch's start times, 0..1
  bool has_device_data = true;  // false on the CPU path: SM and time modes have nothing to show
};

WHYGPU_HD inline std::uint32_t cell_colour(const ThreadPlace& p, const ColourInputs& in) {
  std::uint32_t c = kNoDataColour;
  switch (in.mode) {
    case ColourMode::by_block: c = category_colour(p.block_linear); break;
    case ColourMode::by_warp:
      c = category_colour(p.block_linear * ((in.threads_per_block + kWarpSize - 1) / kWarpSize) + p.warp);
      break;
    case ColourMode::by_thread:
      c = ramp_colour(in.threads_per_block > 1
                         ? static_cast<float>(p.thread_linear) / static_cast<float>(in.threads_per_block - 1)
                         : 0.0f);
      break;
    case ColourMode::by_sm:
      if (in.has_device_data) c = category_colour(in.smid);
      break;
    case ColourMode::by_start_time:
      if (in.has_device_data) c = ramp_colour(in.start_fraction);
      break;
  }
  return p.in_bounds ? c : idle_colour(c);
}

}  // namespace whygpu::grid
