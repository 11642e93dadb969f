// PNG through libpng 1.6. libpng reports errors by longjmp to the jmp_buf that
// png_jmpbuf() registers (png_set_longjmp_fn): every C++ object lives in the caller's
// frame (PngJob), so the function that calls setjmp owns nothing that a longjmp could
// skip the destructor of, and it reads no local it changed after setjmp.
#include <png.h>

#include <csetjmp>
#include <string>
#include <vector>

#include "compute/image/image_decoders.h"

namespace whygpu::image::detail {
namespace {

// Well above any photo, well below what could exhaust memory; the pixel budget is the
// real limit and is checked first.
constexpr png_uint_32 kMaxSide = 1000000;
constexpr png_alloc_size_t kMaxChunkBytes = 8 << 20;  // one ancillary chunk (text, ICC profile)
constexpr png_uint_32 kMaxAncillaryChunks = 1000;     // libpng's defence against chunk floods

struct PngJob {
  std::string error;  // the first error libpng reported
  std::vector<png_bytep> rows;
};

void on_error(png_structp png, png_const_charp message) {
  auto* job = static_cast<PngJob*>(png_get_error_ptr(png));
  if (job->error.empty()) job->error = message ? message : "unknown libpng error";
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}  // damaged ancillary chunks: the pixels still decode

// png_init_io's reader says "Read Error" when the file ends early.
Wording reason(const std::string& libpng_error) {
  if (libpng_error == "Read Error") return Wording::sentence(N_("the file ends early (cut short?)"));
  return libpng_error;
}

int stored_channels(png_structp png, png_infop info) {
  const int type = png_get_color_type(png, info);
  const bool transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  switch (type) {
    case PNG_COLOR_TYPE_GRAY: return transparency ? 2 : 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_PALETTE:
    case PNG_COLOR_TYPE_RGB: return transparency ? 4 : 3;
    default: return 4;
  }
}

// Turns whatever the file stores into 8-bit `channels` (1, 3 or 4) per pixel.
void ask_for(png_structp png, png_infop info, int channels) {
  const int type = png_get_color_type(png, info);
  png_set_expand(png);  // palette to RGB, grey below 8 bits to 8, tRNS to alpha
  png_set_strip_16(png);
  const bool colour = (type & PNG_COLOR_MASK_COLOR) != 0;
  const bool alpha = (type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  if (channels == 1) {
    if (colour) png_set_rgb_to_gray_fixed(png, 1, -1, -1);
    if (alpha) png_set_strip_alpha(png);
  } else {
    if (!colour) png_set_gray_to_rgb(png);
    if (channels == 3 && alpha) png_set_strip_alpha(png);
    if (channels == 4 && !alpha) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

// Each returns false after a libpng error (job->error says which). No C++ objects here.
bool read_header(png_structp png, png_infop info, std::FILE* file, ImageInfo* out) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_user_limits(png, kMaxSide, kMaxSide);
  png_set_chunk_malloc_max(png, kMaxChunkBytes);
  png_set_chunk_cache_max(png, kMaxAncillaryChunks);
  png_init_io(png, file);
  png_read_info(png, info);
  out->width = static_cast<int>(png_get_image_width(png, info));
  out->height = static_cast<int>(png_get_image_height(png, info));
  out->channels = stored_channels(png, info);
  return true;
}

bool decode(png_structp png, png_infop info, int channels, PngJob* job) {
  if (setjmp(png_jmpbuf(png))) return false;
  ask_for(png, info, channels);
  const png_uint_32 width = png_get_image_width(png, info);
  if (png_get_rowbytes(png, info) != static_cast<std::size_t>(width) * channels)
    png_error(png, "unexpected row size after conversion");
  png_read_image(png, job->rows.data());
  return true;
}

}  // namespace

Status read_png(std::FILE* file, const std::string& path, const DecodeRequest* request, ImageInfo* info, Image* out) {
  PngJob job;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, on_error, on_warning);
  png_infop png_info = png ? png_create_info_struct(png) : nullptr;
  if (!png_info) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    return Status::error(Wording::sentence(N_("{0}: libpng could not start (out of memory?)"), {path}));
  }
  info->format = "PNG";
  Status status = Status::ok();
  if (!read_header(png, png_info, file, info)) {
    status = Status::error(
        Wording::sentence(N_("{0}: damaged or unsupported PNG: {1}"), {path, reason(job.error)}));
  } else if (request) {
    status = check_pixel_budget(path, *info, request->max_pixels);
    if (status) {
      Image image;
      image.width = info->width;
      image.height = info->height;
      image.channels = request->channels;
      const std::size_t row_bytes = static_cast<std::size_t>(image.width) * image.channels;
      image.pixels.resize(row_bytes * static_cast<std::size_t>(image.height));
      job.rows.resize(static_cast<std::size_t>(image.height));
      for (std::size_t y = 0; y < job.rows.size(); ++y) job.rows[y] = image.pixels.data() + y * row_bytes;
      if (decode(png, png_info, request->channels, &job))
        *out = std::move(image);
      else
        status = Status::error(Wording::sentence(N_("{0}: damaged PNG: {1}"), {path, reason(job.error)}));
    }
  }
  png_destroy_read_struct(&png, &png_info, nullptr);
  return status;
}

}  // namespace whygpu::image::detail
