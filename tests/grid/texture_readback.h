#pragma once
// Reads a CudaGlImage's texture back to the host, so the interop tests can compare what
// actually reached GL. Needs a current GL context.
#include <cstdint>
#include <vector>

#include "app/interop/cuda_gl_image.h"
#include "app/shell/gl.h"

namespace whygpu::app::testing {

inline std::vector<std::uint32_t> texture_pixels(const CudaGlImage& image) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(image.width()) * image.height(), 0);
  glBindTexture(GL_TEXTURE_2D, image.texture());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return out;
}

}  // namespace whygpu::app::testing
