#include "app/lstm/heat_strip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/widgets/ui_style.h"

namespace whygpu::app::lstm_ui {
namespace {

ImVec4 mix(const ImVec4& a, const ImVec4& b, float t) {
  return ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1.0f);
}

}  // namespace

ImU32 heat_colour(HeatScale scale, float value, float range) {
  // Zero is the page's code-block background, so "nothing" looks like nothing in both
  // themes; the ends are saturated enough to read on a projector.
  const ImVec4 neutral = ImGui::ColorConvertU32ToFloat4(palette().code_background);
  static const ImVec4 open(1.00f, 0.86f, 0.25f, 1.0f);      // yellow
  static const ImVec4 positive(1.00f, 0.55f, 0.12f, 1.0f);  // orange
  static const ImVec4 negative(0.25f, 0.55f, 1.00f, 1.0f);  // blue
  if (!std::isfinite(value)) return palette().error;
  if (scale == HeatScale::Unit) return ImGui::ColorConvertFloat4ToU32(mix(neutral, open, std::clamp(value, 0.0f, 1.0f)));
  const float t = std::clamp(value / std::max(range, 1e-6f), -1.0f, 1.0f);
  return ImGui::ColorConvertFloat4ToU32(t >= 0 ? mix(neutral, positive, t) : mix(neutral, negative, -t));
}

int draw_heat_strip(const char* id, const float* values, int count, HeatScale scale, float range, ImVec2 size,
                    int marked) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  if (count <= 0) return -1;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float cell = size.x / static_cast<float>(count);
  for (int i = 0; i < count; ++i) {
    const float x0 = origin.x + cell * static_cast<float>(i);
    draw->AddRectFilled(ImVec2(x0, origin.y), ImVec2(x0 + std::max(cell, 1.0f), origin.y + size.y),
                        heat_colour(scale, values[i], range));
  }
  draw->AddRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), ImGui::GetColorU32(ImGuiCol_Border));
  if (marked >= 0 && marked < count) {
    const float x0 = origin.x + cell * static_cast<float>(marked);
    draw->AddRect(ImVec2(x0 - 1, origin.y - 1), ImVec2(x0 + std::max(cell, 1.0f) + 1, origin.y + size.y + 1),
                  ImGui::GetColorU32(ImGuiCol_Text), 0.0f, 0, 2.0f);
  }
  if (!ImGui::IsItemHovered()) return -1;
  const int unit = static_cast<int>((ImGui::GetIO().MousePos.x - origin.x) / cell);
  return std::clamp(unit, 0, count - 1);
}

void draw_heat_legend(HeatScale scale, float range, float width, float height) {
  const float lo = scale == HeatScale::Unit ? 0.0f : -range;
  const float hi = scale == HeatScale::Unit ? 1.0f : range;
  char text[32];
  std::snprintf(text, sizeof text, "%g", lo);
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float y = origin.y + (ImGui::GetTextLineHeight() - height) * 0.5f;
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 32;
  for (int i = 0; i < kSteps; ++i) {
    const float v = lo + (hi - lo) * (static_cast<float>(i) + 0.5f) / kSteps;
    draw->AddRectFilled(ImVec2(origin.x + width * i / kSteps, y), ImVec2(origin.x + width * (i + 1) / kSteps, y + height),
                        heat_colour(scale, v, range));
  }
  ImGui::SameLine();
  std::snprintf(text, sizeof text, "%+g", hi);
  ImGui::TextUnformatted(text);
}

}  // namespace whygpu::app::lstm_ui
