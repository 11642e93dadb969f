#include "app/flow_layout.h"

#include <imgui.h>

namespace whygpu::app {

void same_line_if_fits(float next_width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float last_right = ImGui::GetItemRectMax().x;
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (last_right + style.ItemSpacing.x + next_width <= right_edge) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

}  // namespace whygpu::app
