#pragma once
// How each step's output is shown: packed RGBA8 (R in the lowest byte, as
// app/interop/cuda_gl_image.h takes it), the same arithmetic for the CPU's pictures and
// the kernels that write straight into GL textures.
#include <cstdint>

#include "compute/core/host_device.h"

namespace whygpu::pipeline {

WHYGPU_HD inline std::uint32_t rgba(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return 0xff000000u | (static_cast<std::uint32_t>(b) << 16) | (static_cast<std::uint32_t>(g) << 8) | r;
}

// A normalised value: blue below 0, white at 0, red above, full colour at +-2.5 (so a
// student sees that the network's inputs are centred on zero, not on mid-grey).
WHYGPU_HD inline std::uint32_t diverging_rgba(float v) {
  const float t = fminf(fmaxf(v / 2.5f, -1.0f), 1.0f);
  const float a = fabsf(t);
  const float r = t > 0.0f ? 1.0f : 1.0f - 0.8f * a;
  const float g = 1.0f - 0.75f * a;
  const float b = t < 0.0f ? 1.0f : 1.0f - 0.8f * a;
  return rgba(static_cast<std::uint8_t>(r * 255.0f + 0.5f), static_cast<std::uint8_t>(g * 255.0f + 0.5f),
              static_cast<std::uint8_t>(b * 255.0f + 0.5f));
}

}  // namespace whygpu::pipeline
