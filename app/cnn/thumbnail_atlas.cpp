#include "app/cnn/thumbnail_atlas.h"

#include <algorithm>
#include <cstdint>

#include "compute/cnn/model.h"

namespace whygpu::app::cnn_ui {

Status ThumbnailAtlas::set(const std::vector<const std::uint8_t*>& images) {
  count_ = 0;
  if (images.empty()) return Status::ok();
  const int side = cnn::kImageSide;
  const int columns = std::min<int>(kColumns, static_cast<int>(images.size()));
  const int rows = (static_cast<int>(images.size()) + columns - 1) / columns;
  const int width = columns * side, height = rows * side;
  pixels_.assign(static_cast<std::size_t>(width) * height, 0xFF000000u);
  for (std::size_t i = 0; i < images.size(); ++i) {
    const int x0 = static_cast<int>(i) % columns * side, y0 = static_cast<int>(i) / columns * side;
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) {
        const std::uint32_t v = images[i][y * side + x];
        pixels_[static_cast<std::size_t>(y0 + y) * width + x0 + x] = 0xFF000000u | v | v << 8 | v << 16;
      }
  }
  if (Status s = texture_.resize(width, height); !s) return s;
  if (Status s = texture_.upload(pixels_.data()); !s) return s;
  count_ = static_cast<int>(images.size());
  return Status::ok();
}

bool ThumbnailAtlas::uv(int i, ImVec2* uv0, ImVec2* uv1) const {
  if (i < 0 || i >= count_ || texture_.width() == 0) return false;
  const int side_px = cnn::kImageSide;
  const int columns = texture_.width() / side_px;
  const float u0 = static_cast<float>(i % columns * side_px) / texture_.width();
  const float v0 = static_cast<float>(i / columns * side_px) / texture_.height();
  *uv0 = ImVec2(u0, v0);
  *uv1 = ImVec2(u0 + static_cast<float>(side_px) / texture_.width(), v0 + static_cast<float>(side_px) / texture_.height());
  return true;
}

void ThumbnailAtlas::draw(int i, float side) const {
  ImVec2 uv0, uv1;
  if (!uv(i, &uv0, &uv1)) {
    ImGui::Dummy(ImVec2(side, side));
    return;
  }
  ImGui::Image(texture_id(), ImVec2(side, side), uv0, uv1);
}

void ThumbnailAtlas::draw_at(int i, ImVec2 at, float side) const {
  ImVec2 uv0, uv1;
  if (uv(i, &uv0, &uv1))
    ImGui::GetWindowDrawList()->AddImage(texture_id(), at, ImVec2(at.x + side, at.y + side), uv0, uv1);
}

ImTextureID ThumbnailAtlas::texture_id() const {
  return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_.texture()));
}

}  // namespace whygpu::app::cnn_ui
