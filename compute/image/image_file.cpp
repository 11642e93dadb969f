#include "compute/image/image_file.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "compute/core/regular_file.h"
#include "compute/image/image_decoders.h"

namespace whygpu::image {
namespace {

enum class Format { kPng, kJpeg, kRefused, kUnknown };

// The formats recognised by their first bytes; the refused ones get a message naming
// them, so a student who saved a drawing as BMP learns what to do instead.
Format format_of(const unsigned char* head, std::size_t n, std::string* name) {
  static constexpr unsigned char kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (n >= 8 && std::memcmp(head, kPng, 8) == 0) return Format::kPng;
  if (n >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) return Format::kJpeg;
  if (n >= 2 && head[0] == 'B' && head[1] == 'M') *name = "BMP";
  else if (n >= 4 && std::memcmp(head, "GIF8", 4) == 0) *name = "GIF";
  else if (n >= 2 && head[0] == 'P' && head[1] >= '1' && head[1] <= '7') *name = "PNM (PBM/PGM/PPM)";
  else return Format::kUnknown;
  return Format::kRefused;
}

// "12 megapixels", "0.3 megapixels": how a phone's camera settings name a size.
Wording megapixels(std::int64_t pixels) {
  char text[48];
  const double mp = static_cast<double>(pixels) / 1e6;
  std::snprintf(text, sizeof text, mp >= 10 ? "%.0f" : "%.1f", mp);
  return Wording::sentence(N_("{0} megapixels"), {Wording::number(text)});
}

Wording taken() { return Wording::sentence(N_("only PNG and JPEG images are read; save it as PNG or JPEG")); }

Status read(const std::string& path, const detail::DecodeRequest* request, ImageInfo* info, Image* out) {
  OpenedFile opened;
  if (Status s = open_regular_file(path, &opened); !s) return s;
  std::FILE* file = opened.file.get();
  unsigned char head[8] = {};
  const std::size_t n = std::fread(head, 1, sizeof head, file);
  std::rewind(file);
  std::string refused;
  switch (format_of(head, n, &refused)) {
    case Format::kPng: return detail::read_png(file, path, request, info, out);
    case Format::kJpeg: return detail::read_jpeg(file, path, request, info, out);
    case Format::kRefused:
      return Status::error(Wording::sentence(N_("{0}: a {1} file; {2}"), {path, refused, taken()}));
    case Format::kUnknown: break;
  }
  // TGA has no signature: a .tga name is the only sign.
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".tga")
    return Status::error(Wording::sentence(N_("{0}: a {1} file; {2}"), {path, "TGA", taken()}));
  return Status::error(
      Wording::sentence(n < sizeof head ? N_("{0}: not a PNG or JPEG image (the file is nearly empty); {1}")
                                        : N_("{0}: not a PNG or JPEG image; {1}"),
                        {path, taken()}));
}

}  // namespace

namespace detail {

Status check_pixel_budget(const std::string& path, const ImageInfo& info, std::int64_t max_pixels) {
  const std::int64_t pixels = std::int64_t{info.width} * info.height;
  if (info.width <= 0 || info.height <= 0)
    return Status::error(Wording::sentence(N_("{0}: the header says the image is {1} x {2} pixels"),
                                           {path, std::to_string(info.width), std::to_string(info.height)}));
  if (pixels > max_pixels)
    return Status::error(Wording::sentence(
        N_("{0}: image is {1} x {2} pixels ({3}); images up to {4} are read: make it smaller first"),
        {path, std::to_string(info.width), std::to_string(info.height), megapixels(pixels),
         megapixels(max_pixels)}));
  return Status::ok();
}

}  // namespace detail

Status probe_image_file(const std::string& path, ImageInfo* out) {
  ImageInfo info;
  if (Status s = read(path, nullptr, &info, nullptr); !s) return s;
  *out = std::move(info);
  return Status::ok();
}

Status read_image_file(const std::string& path, std::int64_t max_pixels, int channels, Image* out) {
  if (channels != 1 && channels != 3 && channels != 4)
    return Status::error(Wording::sentence(N_("{0}: cannot decode to {1} channels (1 grey, 3 RGB or 4 RGBA)"),
                                           {path, std::to_string(channels)}));
  const detail::DecodeRequest request{max_pixels, channels};
  ImageInfo info;
  return read(path, &request, &info, out);
}

}  // namespace whygpu::image
