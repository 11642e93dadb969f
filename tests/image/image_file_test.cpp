#include "compute/image/image_file.h"

#include <gtest/gtest.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "tests/cnn/temp_dir.h"
#include "tests/core/special_files.h"

namespace whygpu::image {
namespace {

using cnn::testing::TempDir;
using cnn::testing::write_bytes;

constexpr std::int64_t kBudget = 50'000'000;

// The hostile and broken files of issue 21, kept in tests/image/data/.
std::string sample(const std::string& name) {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return std::string(source && *source ? source : WHYGPU_SOURCE_DIR) + "/tests/image/data/" + name;
}

std::string refusal(const std::string& path, int channels = 4) {
  Image image;
  image.width = 7;
  const Status s = read_image_file(path, kBudget, channels, &image);
  EXPECT_FALSE(s) << path;
  EXPECT_EQ(image.width, 7) << "a refused file leaves the output alone";
  return s.message();
}

// Pixels that differ everywhere, so a row or channel out of place shows.
std::vector<std::uint8_t> pattern(int w, int h, int channels) {
  std::vector<std::uint8_t> p(static_cast<std::size_t>(w) * h * channels);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint8_t>((i * 37 + 11) % 251);
  return p;
}

TEST(ImageFile, PngRoundTripsInEveryChannelCount) {
  TempDir dir;
  const int w = 13, h = 7;
  const auto rgba = pattern(w, h, 4);
  const std::string path = dir.file("rgba.png");
  ASSERT_NE(stbi_write_png(path.c_str(), w, h, 4, rgba.data(), w * 4), 0);

  ImageInfo info;
  ASSERT_TRUE(probe_image_file(path, &info));
  EXPECT_EQ(info.width, w);
  EXPECT_EQ(info.height, h);
  EXPECT_EQ(info.channels, 4);
  EXPECT_EQ(info.format, "PNG");

  Image image;
  ASSERT_TRUE(read_image_file(path, kBudget, 4, &image));
  EXPECT_EQ(image.width, w);
  EXPECT_EQ(image.height, h);
  EXPECT_EQ(image.channels, 4);
  EXPECT_EQ(image.pixels, rgba);

  ASSERT_TRUE(read_image_file(path, kBudget, 3, &image));
  ASSERT_EQ(image.pixels.size(), std::size_t(w) * h * 3);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i)
    for (int c = 0; c < 3; ++c) ASSERT_EQ(image.pixels[i * 3 + c], rgba[i * 4 + c]) << i;
}

TEST(ImageFile, GreyPngBecomesRgbaWithOpaqueAlpha) {
  TempDir dir;
  const int w = 5, h = 3;
  const auto grey = pattern(w, h, 1);
  const std::string path = dir.file("grey.png");
  ASSERT_NE(stbi_write_png(path.c_str(), w, h, 1, grey.data(), w), 0);
  Image image;
  ASSERT_TRUE(read_image_file(path, kBudget, 4, &image));
  for (std::size_t i = 0; i < grey.size(); ++i) {
    EXPECT_EQ(image.pixels[i * 4], grey[i]);
    EXPECT_EQ(image.pixels[i * 4 + 2], grey[i]);
    EXPECT_EQ(image.pixels[i * 4 + 3], 255);
  }
  ASSERT_TRUE(read_image_file(path, kBudget, 1, &image));
  EXPECT_EQ(image.pixels, grey);
}

TEST(ImageFile, JpegDecodesCloseToWhatWasWritten) {
  TempDir dir;
  const int w = 24, h = 16;
  std::vector<std::uint8_t> grey(std::size_t(w) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) grey[y * w + x] = static_cast<std::uint8_t>(x < w / 2 ? 30 : 220);
  const std::string path = dir.file("photo.JPG");
  ASSERT_NE(stbi_write_jpg(path.c_str(), w, h, 1, grey.data(), 95), 0);
  ImageInfo info;
  ASSERT_TRUE(probe_image_file(path, &info));
  EXPECT_EQ(info.format, "JPEG");
  EXPECT_EQ(info.width, w);
  Image image;
  ASSERT_TRUE(read_image_file(path, kBudget, 1, &image));
  ASSERT_EQ(image.pixels.size(), grey.size());
  for (std::size_t i = 0; i < grey.size(); ++i) EXPECT_NEAR(image.pixels[i], grey[i], 24) << i;
  ASSERT_TRUE(read_image_file(path, kBudget, 4, &image));
  EXPECT_EQ(image.pixels.size(), grey.size() * 4);
  EXPECT_EQ(image.pixels[3], 255);
}

// stb_image read past its 257-entry table (index 257) on this file.
TEST(ImageFile, JpegWithBadHuffmanTableIsRefused) {
  EXPECT_NE(refusal(sample("bad_huffman_table.jpg")).find("Huffman"), std::string::npos);
}

// stb_image passed a null pointer to memcpy on an empty IDAT chunk.
TEST(ImageFile, PngWithEmptyImageDataIsRefused) {
  EXPECT_NE(refusal(sample("empty_idat.png")).find("damaged PNG"), std::string::npos);
}

TEST(ImageFile, TruncatedPngIsRefused) {
  EXPECT_NE(refusal(sample("truncated.png")).find("ends early"), std::string::npos);
}

// A header claiming 100000 x 100000: refused from the header, before any decoding.
TEST(ImageFile, HugeDimensionsAreRefusedBeforeDecoding) {
  ImageInfo info;
  ASSERT_TRUE(probe_image_file(sample("huge_dimensions.png"), &info));
  EXPECT_EQ(info.width, 100000);
  EXPECT_EQ(info.height, 100000);
  const std::string why = refusal(sample("huge_dimensions.png"));
  EXPECT_NE(why.find("image is 100000 x 100000 pixels (10000 megapixels)"), std::string::npos) << why;
  EXPECT_NE(why.find("up to 50 megapixels"), std::string::npos) << why;
}

TEST(ImageFile, BudgetIsExact) {
  TempDir dir;
  const auto grey = pattern(10, 10, 1);
  const std::string path = dir.file("ten.png");
  ASSERT_NE(stbi_write_png(path.c_str(), 10, 10, 1, grey.data(), 10), 0);
  Image image;
  EXPECT_TRUE(read_image_file(path, 100, 1, &image));
  EXPECT_FALSE(read_image_file(path, 99, 1, &image));
}

// stb_image decoded this 70-byte BMP (16000 x -31250) into 500 megapixels; the TGA into 38.
TEST(ImageFile, OtherFormatsAreRefusedByName) {
  const std::string bmp = refusal(sample("negative_height.bmp"));
  EXPECT_NE(bmp.find("a BMP file"), std::string::npos) << bmp;
  EXPECT_NE(bmp.find("PNG and JPEG"), std::string::npos) << bmp;
  EXPECT_NE(refusal(sample("large_claim.tga")).find("a TGA file"), std::string::npos);
  TempDir dir;
  write_bytes(dir.file("a.gif"), {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0});
  EXPECT_NE(refusal(dir.file("a.gif")).find("a GIF file"), std::string::npos);
  write_bytes(dir.file("a.pgm"), {'P', '5', '\n', '1', ' ', '1', '\n', '2', '5', '5', '\n', 0});
  EXPECT_NE(refusal(dir.file("a.pgm")).find("PNM"), std::string::npos);
  write_bytes(dir.file("notes.png"), {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'});
  EXPECT_NE(refusal(dir.file("notes.png")).find("not a PNG or JPEG image"), std::string::npos);
}

TEST(ImageFile, FoldersEmptyAndMissingFilesAreRefusedByName) {
  TempDir dir;
  EXPECT_NE(refusal(dir.path()).find("is a folder"), std::string::npos);
  write_bytes(dir.file("empty.png"), {});
  EXPECT_NE(refusal(dir.file("empty.png")).find("empty.png"), std::string::npos);
  EXPECT_NE(refusal(dir.file("missing.png")).find("no such file"), std::string::npos);
  ImageInfo info;
  EXPECT_FALSE(probe_image_file(dir.path(), &info));
}

TEST(ImageFile, RefusesChannelCountsItDoesNotMake) {
  Image image;
  EXPECT_FALSE(read_image_file(sample("truncated.png"), kBudget, 2, &image));
}

// Every prefix of a good PNG and JPEG: each is refused or decoded, none crashes.
TEST(ImageFile, EveryTruncationIsHandled) {
  TempDir dir;
  const auto rgb = pattern(9, 9, 3);
  ASSERT_NE(stbi_write_png(dir.file("a.png").c_str(), 9, 9, 3, rgb.data(), 27), 0);
  ASSERT_NE(stbi_write_jpg(dir.file("a.jpg").c_str(), 9, 9, 3, rgb.data(), 90), 0);
  for (const char* name : {"a.png", "a.jpg"}) {
    const auto bytes = cnn::testing::read_bytes(dir.file(name));
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      write_bytes(dir.file("cut"), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + n));
      Image image;
      const Status s = read_image_file(dir.file("cut"), kBudget, 3, &image);
      if (s) {
        EXPECT_EQ(image.pixels.size(), rgb.size()) << name << " cut to " << n;
      }
    }
  }
}

TEST(ImageFile, AFifoIsRefusedAtOnce) {
  TempDir dir;
  const std::string fifo = dir.file("photo.png");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  std::string why;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { why = refusal(fifo); }));
  EXPECT_NE(why.find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << why;
}

}  // namespace
}  // namespace whygpu::image
