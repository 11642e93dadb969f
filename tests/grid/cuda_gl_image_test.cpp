// CudaGlImage, the CPU path: host pixels reach the texture unchanged, resizing makes a
// new texture, bad sizes are refused. Needs an EGL context (Mesa's llvmpipe in CI).
#include "app/interop/cuda_gl_image.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "app/shell/gl.h"
#include "app/shell/headless_context.h"
#include "tests/grid/texture_readback.h"

namespace whygpu::app {
namespace {

using testing::texture_pixels;

std::vector<std::uint32_t> random_pixels(int width, int height, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(width) * height);
  for (std::uint32_t& p : pixels) p = static_cast<std::uint32_t>(rng());
  return pixels;
}

TEST(CudaGlImage, UploadedPixelsReachTheTexture) {
  Wording error;
  const auto context = HeadlessContext::create(16, 16, &error);
  if (!context) GTEST_SKIP() << "no EGL context: " << error.english();
  CudaGlImage image;
  EXPECT_EQ(image.path(), CudaGlImage::Path::none);
  EXPECT_FALSE(image.upload(nullptr).is_ok());  // no size yet

  ASSERT_TRUE(image.resize(7, 5).is_ok());
  const std::vector<std::uint32_t> first = random_pixels(7, 5, 1);
  ASSERT_TRUE(image.upload(first.data()).is_ok());
  EXPECT_EQ(image.path(), CudaGlImage::Path::cpu);
  EXPECT_EQ(texture_pixels(image), first);

  const unsigned old_texture = image.texture();
  ASSERT_TRUE(image.resize(7, 5).is_ok());  // same size: the same texture
  EXPECT_EQ(image.texture(), old_texture);
  ASSERT_TRUE(image.resize(9, 3).is_ok());
  EXPECT_EQ(image.width(), 9);
  EXPECT_EQ(image.height(), 3);
  const std::vector<std::uint32_t> second = random_pixels(9, 3, 2);
  ASSERT_TRUE(image.upload(second.data()).is_ok());
  EXPECT_EQ(texture_pixels(image), second);

  EXPECT_FALSE(image.resize(0, 5).is_ok());
  EXPECT_FALSE(image.resize(5, -1).is_ok());
  EXPECT_FALSE(image.resize(1 << 20, 1).is_ok());  // beyond GL_MAX_TEXTURE_SIZE
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace whygpu::app
