#include "app/shell/screenshot.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "app/i18n/translate.h"
#include "app/shell/gl.h"
#include "app/shell/png_file.h"

namespace whygpu::app {

bool write_framebuffer_png(const std::string& path, int width, int height, std::string* error) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  if (glGetError() != GL_NO_ERROR) {
    if (error) *error = "glReadPixels failed";
    return false;
  }
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> upright(pixels.size());
  for (int y = 0; y < height; ++y)
    std::copy_n(&pixels[(height - 1 - y) * row], row, &upright[y * row]);
  for (std::size_t i = 3; i < upright.size(); i += 4) upright[i] = 255;  // opaque, as on screen
  std::error_code ec;
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (const Status s = save_png(path, width, height, 4, upright.data(), static_cast<int>(row)); !s) {
    if (error) *error = translated(s);
    return false;
  }
  return true;
}

}  // namespace whygpu::app
