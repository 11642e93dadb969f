#include "compute/pipeline/pipeline_cpu.h"

namespace whygpu::pipeline {

Status cpu_decode(const std::string& path, Picture* out) {
  image::Image decoded;
  if (Status s = image::read_image_file(path, kMaxPhotoPixels, 3, &decoded); !s) return s;
  out->width = decoded.width;
  out->height = decoded.height;
  out->channels = 3;
  out->pixels = std::move(decoded.pixels);
  return Status::ok();
}

void cpu_resize(const std::uint8_t* src, int w, int h, std::uint8_t* dst, int out_w, int out_h) {
  for (int y = 0; y < out_h; ++y)
    for (int x = 0; x < out_w; ++x) resize_pixel(src, w, h, dst, out_w, out_h, x, y);
}

void cpu_augment(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int index, std::uint8_t* dst) {
  const ImageAugment a = draw_augment(s.augment, s.seed, index, w, h, s.crop);
  for (int y = 0; y < s.crop; ++y)
    for (int x = 0; x < s.crop; ++x) augment_pixel(src, w, h, a, dst, s.crop, x, y);
}

void cpu_jitter(const std::uint8_t* src, int w, int h, const PipelineSettings& s, int index, std::uint8_t* dst) {
  const ImageAugment a = draw_augment(s.augment, s.seed, index, w, h, s.crop);
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  for (std::size_t i = 0; i < n; ++i) jitter_pixel(src + 3 * i, a, dst + 3 * i);
}

void cpu_ycbcr(const std::uint8_t* src, std::size_t n, std::uint8_t* planes) {
  for (std::size_t i = 0; i < n; ++i) ycbcr_pixel(src + 3 * i, planes + i, planes + n + i, planes + 2 * n + i);
}

void cpu_normalise(const std::uint8_t* planes, std::size_t n, float* out) {
  for (int p = 0; p < 3; ++p)
    for (std::size_t i = 0; i < n; ++i) out[p * n + i] = normalise_value(planes[p * n + i], p, kPlaneStats);
}

void cpu_pipeline_images(const Picture& decoded, const PipelineSettings& s, int index, PipelineImages* out) {
  out->decoded = decoded;
  int rw = 0, rh = 0;
  resized_size(decoded.width, decoded.height, s.side, &rw, &rh);
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  out->crop = s.crop;
  out->resized = {rw, rh, 3, std::vector<std::uint8_t>(static_cast<std::size_t>(rw) * rh * 3)};
  out->augmented = {s.crop, s.crop, 3, std::vector<std::uint8_t>(n * 3)};
  out->jittered = {s.crop, s.crop, 3, std::vector<std::uint8_t>(n * 3)};
  out->planes = {s.crop, 3 * s.crop, 1, std::vector<std::uint8_t>(n * 3)};
  out->normalised.assign(n * 3, 0.0f);
  cpu_resize(decoded.pixels.data(), decoded.width, decoded.height, out->resized.pixels.data(), rw, rh);
  cpu_augment(out->resized.pixels.data(), rw, rh, s, index, out->augmented.pixels.data());
  cpu_jitter(out->augmented.pixels.data(), rw, rh, s, index, out->jittered.pixels.data());
  cpu_ycbcr(out->jittered.pixels.data(), n, out->planes.pixels.data());
  cpu_normalise(out->planes.pixels.data(), n, out->normalised.data());
}

}  // namespace whygpu::pipeline
