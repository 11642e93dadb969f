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
    return Status::error(Wording::sentence(N_("{0}: could not encode a {1} x {2} PNG"),
                                           {path, std::to_string(width), std::to_string(height)}));
  return write_file_atomically(path, encoded);
}

}  // namespace whygpu::app
