// A minimal reader behind image_file.h (the `harden` branch owns the full one): the file read
// into memory, its format told by its first bytes, the header checked against the pixel
// budget before any pixel is decoded; JPEG through libjpeg-turbo, PNG through libpng's
// simplified API. Every failure is a Status naming the file.
#include "compute/image/image_file.h"

#include <jpeglib.h>
#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>

#include "compute/core/text_file.h"

namespace whygpu::image {
namespace {

bool is_jpeg(const std::string& bytes) { return bytes.size() > 3 && std::memcmp(bytes.data(), "\xFF\xD8\xFF", 3) == 0; }
bool is_png(const std::string& bytes) { return bytes.size() > 8 && std::memcmp(bytes.data(), "\x89PNG\r\n\x1a\n", 8) == 0; }

// libjpeg reports errors through a callback that must not return: it jumps back here with
// the library's own message.
struct JpegError {
  jpeg_error_mgr manager;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void jpeg_fail(j_common_ptr info) {
  JpegError* e = reinterpret_cast<JpegError*>(info->err);
  (*info->err->format_message)(info, e->message);
  std::longjmp(e->jump, 1);
}

Status budget_check(const std::string& path, int width, int height, std::int64_t max_pixels) {
  const std::int64_t pixels = static_cast<std::int64_t>(width) * height;
  if (width <= 0 || height <= 0) return Status::error(path + ": the image has no pixels");
  if (pixels > max_pixels)
    return Status::error(path + ": image is " + std::to_string(width) + " x " + std::to_string(height) +
                         "; whygpu takes images up to " + std::to_string(max_pixels) + " pixels");
  return Status::ok();
}

// Decodes (or, with `out` null, only reads the header of) a JPEG held in memory.
Status jpeg_read(const std::string& path, const std::string& bytes, std::int64_t max_pixels, int channels,
                 ImageInfo* info, Image* out) {
  jpeg_decompress_struct cinfo{};
  JpegError error{};
  cinfo.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = jpeg_fail;
  // Volatile: read after a longjmp.
  volatile bool created = false;
  if (setjmp(error.jump)) {
    if (created) jpeg_destroy_decompress(&cinfo);
    return Status::error(path + ": not a readable JPEG (" + error.message + ")");
  }
  jpeg_create_decompress(&cinfo);
  created = true;
  jpeg_mem_src(&cinfo, reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&cinfo, TRUE);
  info->width = static_cast<int>(cinfo.image_width);
  info->height = static_cast<int>(cinfo.image_height);
  info->channels = cinfo.num_components;
  info->format = "JPEG";
  if (!out) {
    jpeg_destroy_decompress(&cinfo);
    return Status::ok();
  }
  if (Status s = budget_check(path, info->width, info->height, max_pixels); !s) {
    jpeg_destroy_decompress(&cinfo);
    return s;
  }
  cinfo.out_color_space = channels == 1 ? JCS_GRAYSCALE : channels == 3 ? JCS_RGB : JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  Image image;
  image.width = static_cast<int>(cinfo.output_width);
  image.height = static_cast<int>(cinfo.output_height);
  image.channels = channels;
  image.pixels.resize(static_cast<std::size_t>(image.width) * image.height * channels);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = image.pixels.data() + static_cast<std::size_t>(cinfo.output_scanline) * image.width * channels;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  *out = std::move(image);
  return Status::ok();
}

Status png_read(const std::string& path, const std::string& bytes, std::int64_t max_pixels, int channels,
                ImageInfo* info, Image* out) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, bytes.data(), bytes.size()))
    return Status::error(path + ": not a readable PNG (" + png.message + ")");
  info->width = static_cast<int>(png.width);
  info->height = static_cast<int>(png.height);
  info->channels = static_cast<int>(PNG_IMAGE_SAMPLE_CHANNELS(png.format));
  info->format = "PNG";
  if (!out) {
    png_image_free(&png);
    return Status::ok();
  }
  if (Status s = budget_check(path, info->width, info->height, max_pixels); !s) {
    png_image_free(&png);
    return s;
  }
  png.format = channels == 1 ? PNG_FORMAT_GRAY : channels == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
  Image image;
  image.width = info->width;
  image.height = info->height;
  image.channels = channels;
  image.pixels.resize(PNG_IMAGE_SIZE(png));
  if (!png_image_finish_read(&png, nullptr, image.pixels.data(), 0, nullptr)) {
    const std::string why = png.message;
    png_image_free(&png);
    return Status::error(path + ": not a readable PNG (" + why + ")");
  }
  *out = std::move(image);
  return Status::ok();
}

Status read_any(const std::string& path, std::int64_t max_pixels, int channels, ImageInfo* info, Image* out) {
  std::string bytes;
  if (Status s = read_text_file(path, &bytes); !s) return s;
  if (is_jpeg(bytes)) return jpeg_read(path, bytes, max_pixels, channels, info, out);
  if (is_png(bytes)) return png_read(path, bytes, max_pixels, channels, info, out);
  return Status::error(path + ": not an image whygpu can read (only PNG and JPEG files)");
}

}  // namespace

Status probe_image_file(const std::string& path, ImageInfo* out) {
  return read_any(path, 0, 3, out, nullptr);
}

Status read_image_file(const std::string& path, std::int64_t max_pixels, int channels, Image* out) {
  if (channels != 1 && channels != 3 && channels != 4)
    return Status::error("read_image_file: channels must be 1, 3 or 4 (got " + std::to_string(channels) + ")");
  ImageInfo info;
  return read_any(path, max_pixels, channels, &info, out);
}

}  // namespace whygpu::image
