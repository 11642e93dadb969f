#pragma once
// Data augmentation inside a training step: each training image is rotated by a random
// angle and shifted by a random offset (bilinear resampling, black outside the image)
// while its batch is gathered, so the network never sees exactly the same picture twice.
// The random numbers are a hash of (seed, step, slot in the batch) rather than a
// generator's state, so that the GPU (inside the captured step) and the CPU trainer
// draw the same transform for the same image without sharing any state, and the
// transform of a step can be recomputed by a test.
#include <math.h>

#include <cstdint>

#include "compute/cnn/model.h"
#include "compute/core/host_device.h"

namespace whygpu::cnn {

// What a trainer applies; zero for both turns augmentation off.
struct Augmentation {
  float max_degrees = 0.0f;  // rotation drawn uniformly from [-max_degrees, +max_degrees]
  float max_shift = 0.0f;    // shift in pixels along x and along y, each from [-max, +max]
  bool enabled() const { return max_degrees > 0.0f || max_shift > 0.0f; }
};

// The setting the lessons, panels and benchmarks switch on: small enough that a 6 stays
// a 6 (a half turn would make it a 9), large enough to vary the strokes' positions.
inline constexpr Augmentation kDefaultAugmentation{12.0f, 2.0f};

// What a step's gather reads on the device (plain data, copied into the step's control
// block): the setting and the seed of the hash.
struct AugmentState {
  float max_degrees;
  float max_shift;
  std::uint32_t seed;
};

// The augmentation hash's seed for a trainer seed: its own stream, apart from the
// weights' and the batch order's.
inline std::uint32_t augment_seed(std::uint64_t trainer_seed) {
  return static_cast<std::uint32_t>((trainer_seed ^ (trainer_seed >> 32)) ^ 0x5EEDA11Cu);
}

// A 32-bit integer hash (Murmur3's finaliser over a running mix), the same on every machine.
WHYGPU_HD inline std::uint32_t augment_mix(std::uint32_t h, std::uint32_t v) {
  h ^= v * 0xCC9E2D51u;
  h = (h << 15) | (h >> 17);
  h *= 0x1B873593u;
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}

// Uniform in [-1, 1) from 24 bits of a hash.
WHYGPU_HD inline float augment_signed_unit(std::uint32_t h) {
  return static_cast<float>(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

// The inverse map of one image's transform: output pixel (x, y) reads the input at
// (cos_a fx + sin_a fy + c, -sin_a fx + cos_a fy + c), with f = (x, y) - c - shift and c
// the image's centre.
struct AugmentTransform {
  float cos_a, sin_a, shift_x, shift_y;
};

WHYGPU_HD inline AugmentTransform augment_transform(const AugmentState& state, int step, int slot) {
  const std::uint32_t base = augment_mix(augment_mix(state.seed, static_cast<std::uint32_t>(step)),
                                         static_cast<std::uint32_t>(slot));
  const float radians = augment_signed_unit(augment_mix(base, 1u)) * state.max_degrees * 0.017453292519943295f;
  AugmentTransform t;
  t.cos_a = cosf(radians);
  t.sin_a = sinf(radians);
  t.shift_x = augment_signed_unit(augment_mix(base, 2u)) * state.max_shift;
  t.shift_y = augment_signed_unit(augment_mix(base, 3u)) * state.max_shift;
  return t;
}

// Output pixel (x, y) of the transformed image, as the network reads pixels: byte/255,
// bilinear between the four nearest input pixels, 0 (background) outside the image.
WHYGPU_HD inline float augmented_pixel(const std::uint8_t* image, const AugmentTransform& t, int x, int y) {
  constexpr float kCentre = (kImageSide - 1) * 0.5f;
  const float fx = static_cast<float>(x) - kCentre - t.shift_x;
  const float fy = static_cast<float>(y) - kCentre - t.shift_y;
  const float sx = t.cos_a * fx + t.sin_a * fy + kCentre;
  const float sy = -t.sin_a * fx + t.cos_a * fy + kCentre;
  const float x0f = floorf(sx), y0f = floorf(sy);
  const float ax = sx - x0f, ay = sy - y0f;
  const int x0 = static_cast<int>(x0f), y0 = static_cast<int>(y0f);
  const auto at = [&](int xx, int yy) -> float {
    return xx >= 0 && xx < kImageSide && yy >= 0 && yy < kImageSide ? static_cast<float>(image[yy * kImageSide + xx])
                                                                     : 0.0f;
  };
  const float top = at(x0, y0) + ax * (at(x0 + 1, y0) - at(x0, y0));
  const float bottom = at(x0, y0 + 1) + ax * (at(x0 + 1, y0 + 1) - at(x0, y0 + 1));
  return (top + ay * (bottom - top)) * (1.0f / 255.0f);
}

}  // namespace whygpu::cnn
