// The drawing canvas's conversion to a 28x28 MNIST-like digit, and the stroke text that
// lessons and scripts use.
#include "app/cnn/drawn_digit.h"

#include <gtest/gtest.h>

namespace whygpu::app::cnn_ui {
namespace {

struct Ink {
  int left = 28, top = 28, right = -1, bottom = -1;
  double centre_x = 0, centre_y = 0;
  int max = 0;
};

Ink measure(const DigitPixels& pixels) {
  Ink ink;
  double mass = 0;
  for (int y = 0; y < 28; ++y)
    for (int x = 0; x < 28; ++x) {
      const int v = pixels[y * 28 + x];
      if (v == 0) continue;
      ink.left = std::min(ink.left, x), ink.right = std::max(ink.right, x);
      ink.top = std::min(ink.top, y), ink.bottom = std::max(ink.bottom, y);
      ink.max = std::max(ink.max, v);
      mass += v, ink.centre_x += v * (x + 0.5), ink.centre_y += v * (y + 0.5);
    }
  if (mass > 0) ink.centre_x /= mass, ink.centre_y /= mass;
  return ink;
}

TEST(DrawnDigit, NoStrokeIsABlankImage) {
  const DigitPixels pixels = rasterise_strokes({});
  for (std::uint8_t v : pixels) ASSERT_EQ(v, 0);
}

TEST(DrawnDigit, ASmallStrokeInACornerIsScaledAndCentredLikeMnist) {
  // A "1" drawn tiny in the top-left corner of the canvas.
  const DigitPixels pixels = rasterise_strokes({{{0.05f, 0.05f}, {0.05f, 0.15f}}});
  const Ink ink = measure(pixels);
  EXPECT_EQ(ink.max, 255);
  EXPECT_NEAR(ink.centre_x, 14.0, 0.6);
  EXPECT_NEAR(ink.centre_y, 14.0, 0.6);
  const int height = ink.bottom - ink.top + 1;
  EXPECT_GE(height, 19);  // fills the 20-pixel box (soft edges may add a pixel)
  EXPECT_LE(height, 22);
  const int width = ink.right - ink.left + 1;
  EXPECT_GE(width, 2);  // a pen stroke, not a hairline
  EXPECT_LE(width, 6);
}

TEST(DrawnDigit, TheSameShapeGivesTheSameImageWhereverAndHoweverLargeItIsDrawn) {
  const std::vector<Stroke> small = {{{0.1f, 0.1f}, {0.3f, 0.1f}, {0.15f, 0.4f}}};
  const std::vector<Stroke> large = {{{0.15f, 0.15f}, {0.65f, 0.15f}, {0.275f, 0.9f}}};  // 2.5 times larger
  const DigitPixels a = rasterise_strokes(small), b = rasterise_strokes(large);
  int differing = 0;
  for (int i = 0; i < 28 * 28; ++i) differing += std::abs(a[i] - b[i]) > 8;
  EXPECT_LE(differing, 4);
}

TEST(DrawnDigit, ParsesStrokesAndRejectsBadPoints) {
  std::vector<Stroke> strokes;
  ASSERT_TRUE(parse_strokes("0.5,0.1 0.5,0.9; 0.3,0.5", &strokes));
  ASSERT_EQ(strokes.size(), 2u);
  EXPECT_EQ(strokes[0].size(), 2u);
  EXPECT_FLOAT_EQ(strokes[0][1].y, 0.9f);
  EXPECT_FLOAT_EQ(strokes[1][0].x, 0.3f);

  EXPECT_FALSE(parse_strokes("", &strokes));
  const Status outside = parse_strokes("0.5,1.5", &strokes);
  EXPECT_FALSE(outside);
  EXPECT_NE(outside.message().find("'0.5,1.5'"), std::string::npos) << outside.message();
  EXPECT_FALSE(parse_strokes("0.5", &strokes));
  EXPECT_FALSE(parse_strokes("a,b", &strokes));
}

}  // namespace
}  // namespace whygpu::app::cnn_ui
