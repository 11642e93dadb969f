#pragma once
// Many small 28x28 grey images (training previews, misclassified test images) packed
// into one texture and drawn one at a time, each as crisp square pixels.
#include <imgui.h>

#include <cstdint>
#include <vector>

#include "app/interop/cuda_gl_image.h"
#include "compute/core/status.h"

namespace whygpu::app::cnn_ui {

class ThumbnailAtlas {
 public:
  // Replaces the contents with these images (kImagePixels bytes each, 0 = black).
  Status set(const std::vector<const std::uint8_t*>& images);
  int count() const { return count_; }
  // Draws image i at the cursor as a side x side square (an ImGui item: hover, click).
  void draw(int i, float side) const;
  // Draws image i into the window's draw list at `at` (no item: under or over a widget).
  void draw_at(int i, ImVec2 at, float side) const;

 private:
  bool uv(int i, ImVec2* uv0, ImVec2* uv1) const;  // false: no such image
  ImTextureID texture_id() const;
  static constexpr int kColumns = 32;
  CudaGlImage texture_;
  std::vector<std::uint32_t> pixels_;
  int count_ = 0;
};

}  // namespace whygpu::app::cnn_ui
