#include <algorithm>
#include <cmath>
#include <vector>

#include "compute/cnn/feature_map_pixel.h"

namespace whygpu::cnn {

FeatureMapLayout feature_map_layout(const LayerShape& shape, int columns, int scale, int gap) {
  FeatureMapLayout layout;
  layout.channels = shape.channels;
  layout.map_height = shape.height;
  layout.map_width = shape.width;
  layout.columns = std::clamp(columns, 1, std::max(1, shape.channels));
  layout.scale = scale;
  layout.gap = gap;
  return layout;
}

Status check_feature_map_layout(const FeatureMapLayout& l) {
  if (l.channels < 1 || l.map_height < 1 || l.map_width < 1 || l.columns < 1 || l.scale < 1 || l.gap < 0)
    return Status::error(Wording::sentence(
        N_("feature maps: channels, map sizes, columns and scale must be positive, gap >= 0")));
  constexpr long long kMaxSide = 16384;
  const long long w = static_cast<long long>(l.columns) * (static_cast<long long>(l.map_width) * l.scale + l.gap);
  const long long h = static_cast<long long>(l.rows()) * (static_cast<long long>(l.map_height) * l.scale + l.gap);
  if (w > kMaxSide || h > kMaxSide)
    return Status::error(
        Wording::sentence(N_("feature maps: the picture would be {0}x{1} pixels, more than {2} on a side"),
                          {std::to_string(w), std::to_string(h), std::to_string(kMaxSide)}));
  return Status::ok();
}

Status render_feature_maps_cpu(const float* maps, const FeatureMapLayout& layout, const FeatureMapStyle& style,
                               std::uint32_t* rgba, int pitch_pixels) {
  if (Status s = check_feature_map_layout(layout); !s) return s;
  if (pitch_pixels < layout.width())
    return Status::error(Wording::sentence(N_("feature maps: pitch is narrower than the picture")));
  const int per_map = layout.map_height * layout.map_width;
  std::vector<float> lo(layout.channels), hi(layout.channels);
  for (int c = 0; c < layout.channels; ++c) {
    const auto [mn, mx] = std::minmax_element(maps + c * per_map, maps + (c + 1) * per_map);
    lo[c] = *mn;
    hi[c] = *mx;
  }
  if (style.normalization == Normalization::kPerLayer) {
    const float all_lo = *std::min_element(lo.begin(), lo.end());
    const float all_hi = *std::max_element(hi.begin(), hi.end());
    std::fill(lo.begin(), lo.end(), all_lo);
    std::fill(hi.begin(), hi.end(), all_hi);
  }
  for (int y = 0; y < layout.height(); ++y)
    for (int x = 0; x < layout.width(); ++x) {
      int c = 0, i = 0;
      rgba[static_cast<std::size_t>(y) * pitch_pixels + x] =
          locate_pixel(layout, x, y, &c, &i)
              ? colour_map_rgba(normalise_value(maps[c * per_map + i], lo[c], hi[c], style.colour_map), style.colour_map)
              : style.background;
    }
  return Status::ok();
}

}  // namespace whygpu::cnn
