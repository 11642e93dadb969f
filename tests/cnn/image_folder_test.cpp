#include "compute/cnn/image_folder.h"

#include <gtest/gtest.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include <filesystem>

#include "tests/cnn/temp_dir.h"

namespace whygpu::cnn {
namespace {

using testing::TempDir;

// A dark filled rectangle (strokes) on light paper, off-centre, in a w x h grey picture.
std::vector<std::uint8_t> dark_box_on_paper(int w, int h, int x0, int y0, int x1, int y1) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(w) * h, 240);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) pixels[y * w + x] = 20;
  return pixels;
}

void write_png(const std::string& path, int w, int h, const std::vector<std::uint8_t>& grey) {
  ASSERT_NE(stbi_write_png(path.c_str(), w, h, 1, grey.data(), w), 0) << path;
}

double centre_of_mass_x(const std::vector<std::uint8_t>& image) {
  double mass = 0, mx = 0;
  for (int y = 0; y < kImageSide; ++y)
    for (int x = 0; x < kImageSide; ++x) {
      mass += image[y * kImageSide + x];
      mx += image[y * kImageSide + x] * (x + 0.5);
    }
  return mx / mass;
}

TEST(ImageFolder, ConvertsToWhatTheNetworkSees) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const int w = 60, h = 45;
  write_png(dir.file("box.png"), w, h, dark_box_on_paper(w, h, 5, 10, 25, 40));
  std::vector<std::uint8_t> image;
  ASSERT_TRUE(load_image_file(dir.file("box.png"), &image).is_ok());
  ASSERT_EQ(image.size(), static_cast<std::size_t>(kImagePixels));
  EXPECT_EQ(image[0], 0) << "light paper becomes the dark background";
  EXPECT_EQ(image[kImagePixels - 1], 0);
  EXPECT_EQ(image[14 * kImageSide + 14], 255) << "dark strokes become full ink at the centre";
  EXPECT_NEAR(centre_of_mass_x(image), 14.0, 1.0) << "the strokes are centred by mass";
  int inked_rows = 0;
  for (int y = 0; y < kImageSide; ++y)
    if (image[y * kImageSide + 14] > 128) ++inked_rows;
  EXPECT_EQ(inked_rows, 20) << "the longer side is scaled to 20 pixels";
}

TEST(ImageFolder, BlankAndTransparentImages) {
  std::vector<std::uint8_t> blank(50 * 50, 200);
  std::vector<std::uint8_t> out(kImagePixels, 7);
  to_network_input(blank.data(), nullptr, 50, 50, out.data());
  for (std::uint8_t v : out) ASSERT_EQ(v, 0);
  // Black strokes drawn on a transparent canvas (grey 0 everywhere, alpha marks the ink).
  std::vector<std::uint8_t> grey(40 * 40, 0), alpha(40 * 40, 0);
  for (int y = 10; y < 30; ++y) alpha[y * 40 + 20] = alpha[y * 40 + 21] = 255;
  to_network_input(grey.data(), alpha.data(), 40, 40, out.data());
  EXPECT_EQ(out[0], 0);
  EXPECT_GT(out[14 * kImageSide + 14], 128);
}

TEST(ImageFolder, LoadsClassFoldersAndSplitsOffATestSet) {
  TempDir dir;
  const std::string root = dir.file("shapes");
  for (const char* cls : {"b-tall", "a-wide"}) std::filesystem::create_directories(root + "/" + cls);
  for (int i = 0; i < 6; ++i) {
    write_png(root + "/a-wide/" + std::to_string(i) + ".png", 50, 50, dark_box_on_paper(50, 50, 5, 20 + i, 45, 30 + i));
    write_png(root + "/b-tall/" + std::to_string(i) + ".png", 50, 50, dark_box_on_paper(50, 50, 20 + i, 5, 28 + i, 45));
  }
  const auto jpeg_pixels = dark_box_on_paper(32, 32, 12, 4, 18, 28);
  ASSERT_NE(stbi_write_jpg((root + "/b-tall/extra.jpg").c_str(), 32, 32, 1, jpeg_pixels.data(), 90), 0);
  testing::write_bytes(root + "/a-wide/notes.txt", {'h', 'i'});  // skipped: not an image
  testing::write_bytes(root + "/b-tall/.hidden.png", {1, 2, 3});  // skipped: hidden

  DatasetPair pair;
  const Status s = load_image_folder(root, &pair);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_EQ(pair.train.class_names, (std::vector<std::string>{"a-wide", "b-tall"}));
  EXPECT_EQ(pair.train.name.english(), "shapes (your images) training set");
  EXPECT_EQ(pair.test.name.english(), "shapes (your images) test set");
  // a-wide: 6 files, the 5th to test; b-tall: 7 files, the 5th to test.
  EXPECT_EQ(pair.train.count, 5 + 6);
  EXPECT_EQ(pair.test.count, 2);
  EXPECT_EQ(pair.test.labels, (std::vector<std::uint8_t>{0, 1}));
  // A wide box fills a row of the 20-pixel box, a tall one a column.
  const std::uint8_t* wide = pair.train.image(0);
  const std::uint8_t* tall = pair.train.image(5);
  EXPECT_GT(wide[14 * kImageSide + 5], 128);
  EXPECT_EQ(wide[5 * kImageSide + 14], 0);
  EXPECT_GT(tall[5 * kImageSide + 14], 128);
  EXPECT_EQ(tall[14 * kImageSide + 5], 0);
}

TEST(ImageFolder, ClearErrors) {
  TempDir dir;
  DatasetPair pair;
  Status s = load_image_folder(dir.file("missing"), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("no such folder"), std::string::npos) << s.message();

  s = load_image_folder(dir.path(), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("no sub-folders"), std::string::npos) << s.message();

  std::filesystem::create_directories(dir.file("cls/empty"));
  s = load_image_folder(dir.file("cls"), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("holds no images"), std::string::npos) << s.message();

  testing::write_bytes(dir.file("cls/empty/broken.png"), {0x89, 'P', 'N', 'G', 1, 2, 3});
  s = load_image_folder(dir.file("cls"), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("broken.png"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("not a PNG or JPEG image"), std::string::npos) << s.message();

  // A BMP among the photos is refused by name, with the formats that are read.
  std::filesystem::remove(dir.file("cls/empty/broken.png"));
  testing::write_bytes(dir.file("cls/empty/scan.bmp"), {'B', 'M', 70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0});
  s = load_image_folder(dir.file("cls"), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("scan.bmp: a BMP file; only PNG and JPEG"), std::string::npos) << s.message();

  for (int c = 0; c < 11; ++c) std::filesystem::create_directories(dir.file("many/class" + std::to_string(c)));
  s = load_image_folder(dir.file("many"), &pair);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("at most 10 classes"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::cnn
