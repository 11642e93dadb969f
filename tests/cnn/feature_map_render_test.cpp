#include "compute/cnn/feature_map_render.h"

#include <gtest/gtest.h>

#include <random>

namespace whygpu::cnn {
namespace {

std::uint8_t channel(std::uint32_t rgba, int i) { return static_cast<std::uint8_t>(rgba >> (8 * i)); }

TEST(FeatureMapRender, LaysOutMapsAndColoursThem) {
  // Two 2x2 maps, scale 2, gap 1, two columns: a 9x4 picture.
  const float maps[8] = {0, 1, 2, 3, /**/ 5, 5, 5, 5};
  FeatureMapLayout layout;
  layout.channels = 2;
  layout.map_height = layout.map_width = 2;
  layout.columns = 2;
  layout.scale = 2;
  layout.gap = 1;
  EXPECT_EQ(layout.width(), 9);
  EXPECT_EQ(layout.height(), 4);
  FeatureMapStyle style;
  style.colour_map = ColourMap::kGrey;
  std::vector<std::uint32_t> picture(10 * 4, 0x12345678u);
  ASSERT_TRUE(render_feature_maps_cpu(maps, layout, style, picture.data(), 10).is_ok());
  EXPECT_EQ(picture[0], 0xFF000000u) << "map 0's lowest value is black";
  EXPECT_EQ(picture[3 * 10 + 3], 0xFFFFFFFFu) << "its highest, bottom right, white";
  EXPECT_EQ(channel(picture[1 * 10 + 2], 0), 85) << "value 1 of 0..3";
  EXPECT_EQ(picture[4], style.background) << "the gap column";
  EXPECT_EQ(picture[5], 0xFF000000u) << "a constant map shows as the low end";
  EXPECT_EQ(picture[9], 0x12345678u) << "beyond the picture's width: untouched";

  style.normalization = Normalization::kPerLayer;
  ASSERT_TRUE(render_feature_maps_cpu(maps, layout, style, picture.data(), 10).is_ok());
  EXPECT_EQ(picture[5], 0xFFFFFFFFu) << "per layer, the map of 5s is the brightest";
  EXPECT_EQ(channel(picture[3 * 10 + 3], 0), 153) << "3 of 0..5";

  const float weights[2] = {-2, 1};
  layout.channels = 2;
  layout.map_height = layout.map_width = 1;
  layout.scale = 1;
  layout.gap = 0;
  style.colour_map = ColourMap::kDiverging;
  std::uint32_t two[2];
  ASSERT_TRUE(render_feature_maps_cpu(weights, layout, style, two, 2).is_ok());
  EXPECT_GT(channel(two[0], 2), channel(two[0], 0)) << "negative is blue";
  EXPECT_GT(channel(two[1], 0), channel(two[1], 2)) << "positive is red";
}

TEST(FeatureMapRender, RefusesBadLayouts) {
  FeatureMapLayout layout;
  layout.channels = 0;
  std::uint32_t pixel;
  const float value = 0;
  EXPECT_FALSE(render_feature_maps_cpu(&value, layout, {}, &pixel, 1).is_ok());
  layout = feature_map_layout(layer_shape(Layer::kConv1), 8, 4, 2);
  EXPECT_EQ(layout.columns, 8);
  EXPECT_EQ(layout.width(), 8 * (26 * 4 + 2) - 2);
  layout.scale = 1000;
  EXPECT_FALSE(check_feature_map_layout(layout).is_ok());
}

}  // namespace
}  // namespace whygpu::cnn
