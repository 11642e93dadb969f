#include "app/widgets/flow_layout.h"

#include <algorithm>

#include <imgui.h>

namespace whygpu::app {
namespace {

// The visible part of a label: ImGui hides what follows "##".
float label_width(const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x; }

}  // namespace

bool same_line_if_fits(float next_width) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float line_end = ImGui::GetItemRectMax().x;  // the previous item's right edge
  const float right = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;  // a table cell's, inside one
  if (line_end + spacing + next_width > right) return false;
  ImGui::SameLine();
  return true;
}

float button_width(const char* label) { return label_width(label) + 2 * ImGui::GetStyle().FramePadding.x; }

float check_width(const char* label) {
  const float text = label_width(label);
  return ImGui::GetFrameHeight() + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

float labelled_width(float item_width, const char* label) {
  const float text = label_width(label);
  return item_width + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

float text_width(const char* text) { return ImGui::CalcTextSize(text).x; }

void text_after_bar(const std::string& text) {
  const std::string barred = "| " + text;
  ImGui::TextUnformatted(same_line_if_fits(text_width(barred.c_str())) ? barred.c_str() : text.c_str());
}

void two_columns(float width, float left_share, const std::function<void(float)>& left, const std::function<void(float)>& right) {
  const float gap = 2.0f * ImGui::GetStyle().ItemSpacing.x;
  const float column = left_share * (width - gap);
  const float x = ImGui::GetCursorPosX();  // the wrap positions' coordinates
  const float screen_x = ImGui::GetCursorScreenPos().x;
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(x + column);
  left(column);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::SameLine(0.0f, std::max(0.0f, screen_x + column + gap - ImGui::GetItemRectMax().x));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(x + width);
  right(width - gap - column);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

}  // namespace whygpu::app
