#include "app/shell/png_file.h"

#include <stb_image_write.h>

#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

void append(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

}  // namespace

Status save_png(const std::string& path, int width, int height, int channels, const std::uint8_t* pixels,
                int stride_bytes) {
  std::string encoded;
  if (!stbi_write_png_to_func(append, &encoded, width, height, channels, pixels, stride_bytes))
    return Status::error(path + ": could not encode a " + std::to_string(width) + " x " + std::to_string(height) +
                         " PNG");
  return write_file_atomically(path, encoded);
}

}  // namespace whygpu::app
