#include "app/plot/region_capture.h"


#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "app/shell/gl.h"
#include "app/shell/png_file.h"

namespace whygpu::app::plot {
namespace {

// Runs inside ImGui_ImplOpenGL3_RenderDrawData, with the UI's framebuffer bound.
void capture_callback(const ImDrawList*, const ImDrawCmd* command) {
  auto* capture = static_cast<RegionCapture*>(command->UserCallbackData);
  capture->pending = false;
  capture->ok = false;
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) {
    capture->message = Wording::sentence(N_("nothing was rendered"));
    return;
  }
  // Only what is visible: the rectangle within the clip rectangle of its window.
  const float x0 = std::max(capture->min.x, command->ClipRect.x);
  const float y0 = std::max(capture->min.y, command->ClipRect.y);
  const float x1 = std::min(capture->max.x, command->ClipRect.z);
  const float y1 = std::min(capture->max.y, command->ClipRect.w);
  const ImVec2 scale = data->FramebufferScale;
  const int fb_width = static_cast<int>(data->DisplaySize.x * scale.x);
  const int fb_height = static_cast<int>(data->DisplaySize.y * scale.y);
  const int left = std::clamp(static_cast<int>(std::lround((x0 - data->DisplayPos.x) * scale.x)), 0, fb_width);
  const int right = std::clamp(static_cast<int>(std::lround((x1 - data->DisplayPos.x) * scale.x)), 0, fb_width);
  const int top = std::clamp(static_cast<int>(std::lround((y0 - data->DisplayPos.y) * scale.y)), 0, fb_height);
  const int bottom = std::clamp(static_cast<int>(std::lround((y1 - data->DisplayPos.y) * scale.y)), 0, fb_height);
  const int width = right - left;
  const int height = bottom - top;
  if (width <= 0 || height <= 0) {
    capture->message = Wording::sentence(N_("the plot is scrolled out of view; scroll to it and save again"));
    return;
  }
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  GLint pack_alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // OpenGL counts rows from the bottom.
  glReadPixels(left, fb_height - bottom, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment);
  if (glGetError() != GL_NO_ERROR) {
    capture->message = Wording::sentence(N_("reading the plot's pixels failed (glReadPixels)"));
    return;
  }
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> upright(pixels.size());
  for (int y = 0; y < height; ++y)
    std::copy_n(&pixels[static_cast<std::size_t>(height - 1 - y) * row], row, &upright[static_cast<std::size_t>(y) * row]);
  for (std::size_t i = 3; i < upright.size(); i += 4) upright[i] = 255;
  std::error_code ec;
  const auto parent = std::filesystem::path(capture->path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (const Status s = save_png(capture->path, width, height, 4, upright.data(), static_cast<int>(row)); !s) {
    capture->message = s.wording();
    return;
  }
  capture->ok = true;
  capture->message = Wording::sentence(N_("Saved the plot to {0} ({1} x {2} pixels)"),
                                      {capture->path, std::to_string(width), std::to_string(height)});
}

}  // namespace

void queue_region_capture(ImDrawList* list, RegionCapture* capture, ImVec2 min, ImVec2 max) {
  capture->min = min;
  capture->max = max;
  list->AddCallback(capture_callback, capture);
}

}  // namespace whygpu::app::plot
