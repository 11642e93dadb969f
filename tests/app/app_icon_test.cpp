#include "app/icon/app_icon.h"

#include <gtest/gtest.h>

namespace whygpu::app {
namespace {

TEST(AppIcon, ADarkChipWithGreenCoresAtEverySize) {
  for (const int size : {16, 48, 256}) {
    const std::vector<std::uint8_t> p = icon_pixels(size);
    ASSERT_EQ(p.size(), static_cast<std::size_t>(size) * size * 4);
    auto at = [&](float x, float y) { return &p[(static_cast<std::size_t>(y * size) * size + static_cast<std::size_t>(x * size)) * 4]; };
    EXPECT_EQ(at(0.0f, 0.0f)[3], 0) << size << ": the rounded corner is transparent";
    const std::uint8_t* chip = at(0.5f, 0.12f);  // between the edge and the first row of cores
    EXPECT_EQ(chip[3], 255);
    EXPECT_LT(chip[1], 0x40);
    const std::uint8_t* core = at(0.27f, 0.27f);  // inside the first core
    EXPECT_GT(core[1], 0xa0);
    EXPECT_GT(core[1], core[0]);
  }
}

TEST(AppIcon, TheSvgHoldsTheSameShapes) {
  const std::string svg = icon_svg();
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  std::size_t rects = 0;
  for (std::size_t at = svg.find("<rect"); at != std::string::npos; at = svg.find("<rect", at + 1)) ++rects;
  EXPECT_EQ(rects, 17u);  // the chip and 4 x 4 cores
  EXPECT_NE(svg.find("#76c83c"), std::string::npos);
}

}  // namespace
}  // namespace whygpu::app
