#pragma once
// Image files as the app reads them: PNG (Debian's libpng 1.6) and JPEG (Debian's
// libjpeg-turbo), nothing else. Both libraries are maintained and fuzzed continuously
// (OSS-Fuzz), unlike the stb_image (2022) this replaced, which read out of bounds
// on a damaged JPEG and decoded a 70-byte BMP into 6 GB. Students' photos and drawings
// are PNG or JPEG; BMP, GIF, TGA and PNM are refused by name.
// Every file is opened through open_regular_file (compute/core/regular_file.h): a FIFO,
// a device or a folder is refused at once, by name. Its header is read first and its
// pixel count checked against the caller's budget before a single pixel is decoded.
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
