#pragma once
// One output pixel of each step of the data pipeline, written once for both sides: the CPU
// reference loops (pipeline_cpu.cpp) and the CUDA kernels (pipeline_gpu.cu) call the same
// arithmetic, so a difference between them is a kernel's indexing, bounds or launch, which
// is what the GPU tests look for. Images are 8-bit, rows top to bottom; RGB interleaved
// (HWC) until the colour conversion, planar (CHW) after it, as a network reads them.
#include <math.h>

#include <cstdint>

#include "compute/cnn/augmentation.h"  // augment_mix, augment_signed_unit: the CNN's hash
#include "compute/core/host_device.h"

namespace whygpu::pipeline {

// The random choices for image `index` of a batch: a hash of (seed, index), the same on
// both sides, so the GPU's batch can be checked image by image against the CPU's.
struct ImageAugment {
  float cos_a, sin_a;          // rotation, already divided by the zoom (an inverse map)
  bool flip;                   // mirrored left to right
  float centre_x, centre_y;    // where the crop's centre falls in the resized image
  float brightness, contrast, saturation;  // colour jitter factors around 1
};

// What the augmentation may do (the panel's and the bench's settings).
struct AugmentRange {
  float max_degrees = 15.0f;  // rotation from [-max, +max]
  float max_zoom = 0.15f;     // zoom from [1 - max, 1 + max]
  bool flip = true;           // mirror half of the images
  float jitter = 0.3f;        // brightness, contrast and saturation each from [1 - j, 1 + j]
};

WHYGPU_HD inline ImageAugment draw_augment(const AugmentRange& r, std::uint32_t seed, int index, int src_w, int src_h,
                                           int crop) {
  const std::uint32_t base = cnn::augment_mix(seed, static_cast<std::uint32_t>(index));
  const auto unit = [&](std::uint32_t k) { return cnn::augment_signed_unit(cnn::augment_mix(base, k)); };
  const float radians = unit(1u) * r.max_degrees * 0.017453292519943295f;
  const float zoom = 1.0f + unit(2u) * r.max_zoom;
  ImageAugment a;
  a.cos_a = cosf(radians) / zoom;
  a.sin_a = sinf(radians) / zoom;
  a.flip = r.flip && unit(3u) < 0.0f;
  // A random crop: its centre anywhere that keeps an unrotated crop inside the image.
  const float room_x = src_w > crop ? 0.5f * static_cast<float>(src_w - crop) : 0.0f;
  const float room_y = src_h > crop ? 0.5f * static_cast<float>(src_h - crop) : 0.0f;
  a.centre_x = 0.5f * static_cast<float>(src_w - 1) + unit(4u) * room_x;
  a.centre_y = 0.5f * static_cast<float>(src_h - 1) + unit(5u) * room_y;
  a.brightness = 1.0f + unit(6u) * r.jitter;
  a.contrast = 1.0f + unit(7u) * r.jitter;
  a.saturation = 1.0f + unit(8u) * r.jitter;
  return a;
}

WHYGPU_HD inline std::uint8_t to_byte(float v) {
  return static_cast<std::uint8_t>(fminf(fmaxf(v, 0.0f), 255.0f) + 0.5f);
}

// Bilinear sample of channel c of an RGB image at (sx, sy) in pixel coordinates; outside the
// image it reads `outside` (the edge for the resize, black for the augmentation's corners).
WHYGPU_HD inline float bilinear(const std::uint8_t* rgb, int w, int h, float sx, float sy, int c, bool clamp_edge) {
  const float x0f = floorf(sx), y0f = floorf(sy);
  const float ax = sx - x0f, ay = sy - y0f;
  const int x0 = static_cast<int>(x0f), y0 = static_cast<int>(y0f);
  const auto at = [&](int x, int y) -> float {
    if (clamp_edge) {
      x = x < 0 ? 0 : (x >= w ? w - 1 : x);
      y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    } else if (x < 0 || x >= w || y < 0 || y >= h) {
      return 0.0f;
    }
    return static_cast<float>(rgb[(static_cast<std::size_t>(y) * w + x) * 3 + c]);
  };
  const float top = at(x0, y0) + ax * (at(x0 + 1, y0) - at(x0, y0));
  const float bottom = at(x0, y0 + 1) + ax * (at(x0 + 1, y0 + 1) - at(x0, y0 + 1));
  return top + ay * (bottom - top);
}

// Resize: output pixel (x, y) of an out_w x out_h image samples the source at the same
// place, pixel centres aligned (half a pixel in from each edge), edges clamped.
WHYGPU_HD inline void resize_pixel(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h,
                                   int x, int y) {
  const float sx = (static_cast<float>(x) + 0.5f) * static_cast<float>(w) / static_cast<float>(out_w) - 0.5f;
  const float sy = (static_cast<float>(y) + 0.5f) * static_cast<float>(h) / static_cast<float>(out_h) - 0.5f;
  std::uint8_t* out = dst + (static_cast<std::size_t>(y) * out_w + x) * 3;
  for (int c = 0; c < 3; ++c) out[c] = to_byte(bilinear(src, w, h, sx, sy, c, true));
}

// Augmentation, geometry: output pixel (x, y) of the crop x crop result: mirrored, then the
// inverse rotation and zoom about the crop's centre, black where that falls off the image.
WHYGPU_HD inline void augment_pixel(const std::uint8_t* src, int w, int h, const ImageAugment& a, std::uint8_t* dst,
                                    int crop, int x, int y) {
  const float half = 0.5f * static_cast<float>(crop - 1);
  float u = static_cast<float>(x) - half;
  const float v = static_cast<float>(y) - half;
  if (a.flip) u = -u;
  const float sx = a.cos_a * u + a.sin_a * v + a.centre_x;
  const float sy = -a.sin_a * u + a.cos_a * v + a.centre_y;
  std::uint8_t* out = dst + (static_cast<std::size_t>(y) * crop + x) * 3;
  for (int c = 0; c < 3; ++c) out[c] = to_byte(bilinear(src, w, h, sx, sy, c, false));
}

// BT.601 luma, as JPEG and most libraries weigh red, green and blue.
WHYGPU_HD inline float luma(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

// Colour jitter of one RGB pixel: brightness scales it, contrast stretches it about mid-grey
// (128; torchvision uses the image's mean grey, which needs a pass over the image first),
// saturation moves it away from or towards its own grey.
WHYGPU_HD inline void jitter_pixel(const std::uint8_t* in, const ImageAugment& a, std::uint8_t* out) {
  float rgb[3];
  for (int c = 0; c < 3; ++c) rgb[c] = (static_cast<float>(in[c]) * a.brightness - 128.0f) * a.contrast + 128.0f;
  const float grey = luma(rgb[0], rgb[1], rgb[2]);
  for (int c = 0; c < 3; ++c) out[c] = to_byte(grey + a.saturation * (rgb[c] - grey));
}

// Colour conversion: RGB to Y, Cb, Cr (BT.601, full range: what JPEG stores), three planes.
WHYGPU_HD inline void ycbcr_pixel(const std::uint8_t* in, std::uint8_t* y, std::uint8_t* cb, std::uint8_t* cr) {
  const float r = in[0], g = in[1], b = in[2];
  *y = to_byte(luma(r, g, b));
  *cb = to_byte(128.0f - 0.168736f * r - 0.331264f * g + 0.5f * b);
  *cr = to_byte(128.0f + 0.5f * r - 0.418688f * g - 0.081312f * b);
}

// Normalisation: a byte to a float with the data set's mean subtracted and divided by its
// standard deviation, per plane (Y, Cb, Cr), so every input the network sees is about 0 +- 1.
struct PlaneStats {
  float mean[3];
  float std[3];
};
// Fixed, as a training set's statistics are: measured once on the data, then constants.
inline constexpr PlaneStats kPlaneStats{{0.45f, 0.5f, 0.5f}, {0.25f, 0.06f, 0.06f}};

WHYGPU_HD inline float normalise_value(std::uint8_t v, int plane, const PlaneStats& s) {
  return (static_cast<float>(v) * (1.0f / 255.0f) - s.mean[plane]) / s.std[plane];
}

}  // namespace whygpu::pipeline
