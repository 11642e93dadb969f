// CudaGlImage on a GPU: the thread-grid kernel paints straight into the registered GL
// buffer (no host copy), and the texture then holds exactly the CPU model's picture,
// launch after launch and after a resize (which registers a new buffer).
#include <gtest/gtest.h>

#include <vector>

#include "app/interop/cuda_gl_image.h"
#include "app/shell/gl.h"
#include "app/shell/headless_context.h"
#include "compute/grid/cpu_picture.h"
#include "compute/grid/grid_launcher.h"
#include "tests/gpu_test_support.h"
#include "tests/grid/grid_test_support.h"
#include "tests/grid/texture_readback.h"

namespace whygpu::app {
namespace {

using grid::testing::close_colours;
using testing::texture_pixels;

void paint_and_check(CudaGlImage& image, grid::GridLauncher& launcher, const grid::LaunchConfig& config,
                     grid::ColourMode mode) {
  const grid::GridShape shape = grid::make_shape(config);
  ASSERT_TRUE(image.resize(static_cast<int>(shape.picture_width), static_cast<int>(shape.picture_height)).is_ok());
  grid::LaunchOptions options;
  options.colour = mode;
  grid::LaunchReport report;
  const Status status = image.write_on_gpu(
      [&](std::uint32_t* pixels) { return launcher.launch(config, options, pixels, &report); });
  ASSERT_TRUE(status.is_ok()) << status.message();
  ASSERT_TRUE(report.launched) << report.runtime_error;
  EXPECT_EQ(image.path(), CudaGlImage::Path::interop) << image.interop_problem();
  std::vector<std::uint32_t> expected;
  grid::paint_on_cpu(shape, mode, &expected);
  const std::vector<std::uint32_t> got = texture_pixels(image);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    ASSERT_TRUE(close_colours(got[i], expected[i])) << "pixel " << i << std::hex << ": " << got[i] << " vs " << expected[i];
}

TEST(CudaGlInterop, KernelPaintsTheTexture) {
  WHYGPU_REQUIRE_GPU();
  Wording error;
  const auto context = HeadlessContext::create(16, 16, &error);
  ASSERT_TRUE(context) << error.english();
  std::printf("GL: %s\n", context->description().c_str());
  CudaGlImage image;
  grid::GridLauncher launcher;
  grid::LaunchConfig vector;
  vector.n = 1000;
  vector.block = {256, 1, 1};
  paint_and_check(image, launcher, vector, grid::ColourMode::by_block);
  paint_and_check(image, launcher, vector, grid::ColourMode::by_thread);  // same buffer, mapped again
  grid::LaunchConfig matrix;
  matrix.kind = grid::ProblemKind::matrix_2d;
  matrix.width = 100;
  matrix.height = 60;
  matrix.block = {16, 16, 1};
  paint_and_check(image, launcher, matrix, grid::ColourMode::by_warp);  // resized: a new registration
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace whygpu::app
