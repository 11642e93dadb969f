#include "app/cnn/probability_bars.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace whygpu::app::cnn_ui {

void draw_probability_bars(const cnn::Inference& inference, const std::vector<std::string>& class_names, float width,
                           unsigned colour) {
  const int classes = std::max(1, std::min<int>(cnn::kClasses, static_cast<int>(class_names.size())));
  float label_width = 0.0f;
  for (int c = 0; c < classes; ++c) label_width = std::max(label_width, ImGui::CalcTextSize(class_names[c].c_str()).x);
  const float percent_width = ImGui::CalcTextSize("100.0%").x;
  const float bar_width = std::max(40.0f, width - label_width - percent_width - 3 * ImGui::GetStyle().ItemSpacing.x);
  const float height = ImGui::GetTextLineHeight();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int c = 0; c < classes; ++c) {
    const float p = std::clamp(inference.probabilities[c], 0.0f, 1.0f);
    const bool chosen = c == inference.predicted;
    const ImVec2 row = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(class_names[c].c_str());
    ImGui::SameLine();
    const ImVec2 at(row.x + label_width + ImGui::GetStyle().ItemSpacing.x, row.y);
    ImGui::SetCursorScreenPos(at);
    draw->AddRectFilled(at, ImVec2(at.x + bar_width, at.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    draw->AddRectFilled(at, ImVec2(at.x + bar_width * p, at.y + height),
                        chosen ? colour : ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::Dummy(ImVec2(bar_width, height));
    ImGui::SameLine();
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0f * p);
    if (chosen) ImGui::TextUnformatted(text);
    else ImGui::TextDisabled("%s", text);
  }
}

}  // namespace whygpu::app::cnn_ui
