// compute/image/image_file.h : the agreed interface (owned by the `harden` branch).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "compute/core/status.h"
namespace whygpu::image {
// What a file's header says, read without decoding its pixels.
struct ImageInfo {
  int width = 0, height = 0, channels = 0;  // channels as stored (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA)
  std::string format;                       // "PNG" or "JPEG"
};
// 8-bit pixels, rows top to bottom, channels interleaved.
struct Image {
  int width = 0, height = 0, channels = 0;
  std::vector<std::uint8_t> pixels;
};
Status probe_image_file(const std::string& path, ImageInfo* out);
// Decodes to `channels` (1 = grey, 3 = RGB, 4 = RGBA), refusing before decoding any file
// whose header claims more than max_pixels ("image is 20000 x 25000; ... takes images up to N pixels").
Status read_image_file(const std::string& path, std::int64_t max_pixels, int channels, Image* out);
}  // namespace whygpu::image
