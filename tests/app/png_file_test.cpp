#include "app/shell/png_file.h"

#include <gtest/gtest.h>

#include "compute/core/text_file.h"
#include "compute/image/image_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"

namespace whygpu::app {
namespace {

TEST(PngFile, SavesWhatTheImageReaderReadsBack) {
  cnn::testing::TempDir dir;
  const int w = 6, h = 4;
  std::vector<std::uint8_t> rgba(std::size_t(w) * h * 4);
  for (std::size_t i = 0; i < rgba.size(); ++i) rgba[i] = static_cast<std::uint8_t>(i * 13 + 7);
  ASSERT_TRUE(save_png(dir.file("a.png"), w, h, 4, rgba.data(), w * 4));
  image::Image back;
  ASSERT_TRUE(image::read_image_file(dir.file("a.png"), 100, 4, &back));
  EXPECT_EQ(back.width, w);
  EXPECT_EQ(back.pixels, rgba);
}

// Issue 21: screenshots, plot captures and drawn digits were written in place.
TEST(PngFile, AFailingSaveLeavesTheOldFileIntact) {
  cnn::testing::TempDir dir;
  const std::vector<std::uint8_t> small(4, 200);
  ASSERT_TRUE(save_png(dir.file("a.png"), 2, 2, 1, small.data(), 2));
  std::string old;
  ASSERT_TRUE(read_text_file(dir.file("a.png"), &old));
  std::vector<std::uint8_t> noise(256 * 256);
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = static_cast<std::uint8_t>((i * 2654435761u) >> 13);
  Status s = Status::ok();
  {
    testing::FileSizeLimit limit(old.size() + 10);
    s = save_png(dir.file("a.png"), 256, 256, 1, noise.data(), 256);
  }
  EXPECT_FALSE(s);
  std::string now;
  ASSERT_TRUE(read_text_file(dir.file("a.png"), &now));
  EXPECT_EQ(now, old);
}

}  // namespace
}  // namespace whygpu::app
