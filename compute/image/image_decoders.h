#pragma once
// Inside compute/image/: one decoder per format, each reading the header into `info`
// and, when `request` is given, checking it against the budget (check_pixel_budget)
// before decoding any pixel. `file` is open at its first byte; messages name `path`.
#include <cstdint>
#include <cstdio>
#include <string>

#include "compute/image/image_file.h"

namespace whygpu::image::detail {

struct DecodeRequest {
  std::int64_t max_pixels = 0;
  int channels = 0;  // 1, 3 or 4
};

Status check_pixel_budget(const std::string& path, const ImageInfo& info, std::int64_t max_pixels);

Status read_png(std::FILE* file, const std::string& path, const DecodeRequest* request, ImageInfo* info, Image* out);
Status read_jpeg(std::FILE* file, const std::string& path, const DecodeRequest* request, ImageInfo* info, Image* out);

}  // namespace whygpu::image::detail
