#include "app/lstm/probability_bars.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/lstm/char_label.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app::lstm_ui {
namespace {

std::string percent(float p) {
  char text[16];
  if (p >= 0.0995f) std::snprintf(text, sizeof text, "%.0f%%", 100.0 * p);
  else if (p >= 0.000995f) std::snprintf(text, sizeof text, "%.1f%%", 100.0 * p);
  else std::snprintf(text, sizeof text, "%.2g%%", 100.0 * p);
  return in_language(text);  // "1,5%" in French
}

}  // namespace

void draw_probability_bars(const ProbabilityBarsInput& in, float width, float scale, ImFont* label_font) {
  if (!in.vocabulary || !in.at_one || !in.tempered || in.at_one->empty() ||
      in.at_one->size() != in.tempered->size())
    return;
  const std::vector<float>& p1 = *in.at_one;
  const std::vector<float>& pt = *in.tempered;
  std::vector<int> order(p1.size());
  std::iota(order.begin(), order.end(), 0);
  const int rows = std::min<int>(in.top, static_cast<int>(order.size()));
  std::partial_sort(order.begin(), order.begin() + rows, order.end(), [&](int a, int b) { return p1[a] > p1[b]; });
  order.resize(static_cast<std::size_t>(rows));
  const bool drawn_listed = in.drawn < 0 || std::find(order.begin(), order.end(), in.drawn) != order.end();

  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float label_width = 110.0f * scale;
  // Room for the widest read-out, so "drawn" is never cut off at the panel's edge.
  const std::string drawn_mark = std::string("  ") + tr("\xe2\x97\x80 drawn");
  const float numbers_width = ImGui::CalcTextSize(("0.01% \xe2\x86\x92 0.01%" + drawn_mark).c_str()).x + 12.0f * scale;
  const float bar_width = std::max(40.0f * scale, width - label_width - numbers_width);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 grey = palette().muted_text;
  const ImU32 colour = palette().gpu_alt;

  auto row = [&](const std::string& label, float a, float b, bool is_drawn, bool summary) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    if (label_font && !summary) ImGui::PushFont(label_font);
    if (is_drawn) ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextUnformatted(label.c_str());
    if (is_drawn) ImGui::PopStyleColor();
    if (label_font && !summary) ImGui::PopFont();
    const float x = origin.x + label_width;
    const float h = line - ImGui::GetStyle().ItemSpacing.y;
    draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + bar_width, origin.y + h), palette().code_background);
    draw->AddRectFilled(ImVec2(x, origin.y + h * 0.15f), ImVec2(x + bar_width * b, origin.y + h * 0.75f),
                        summary ? grey : colour);
    draw->AddRectFilled(ImVec2(x, origin.y + h * 0.8f), ImVec2(x + bar_width * a, origin.y + h), grey);
    ImGui::SameLine();
    ImGui::SetCursorScreenPos(ImVec2(x + bar_width + 8.0f * scale, origin.y));
    const std::string numbers = percent(a) + " \xe2\x86\x92 " + percent(b) + (is_drawn ? drawn_mark : "");
    if (is_drawn) ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
    ImGui::TextUnformatted(numbers.c_str());
    if (is_drawn) ImGui::PopStyleColor();
  };

  ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
  ImGui::TextUnformatted(
      fill(tr("next character   thin grey: T = 1   thick: T = {0}"), {decimal_text(in.temperature, 2)}).c_str());
  ImGui::PopStyleColor();
  float rest1 = 1.0f, restt = 1.0f;
  for (int id : order) {
    row(char_label(in.vocabulary->code_point(id)), p1[id], pt[id], id == in.drawn, false);
    rest1 -= p1[id];
    restt -= pt[id];
  }
  if (!drawn_listed) {
    row(char_label(in.vocabulary->code_point(in.drawn)), p1[in.drawn], pt[in.drawn], true, false);
    rest1 -= p1[in.drawn];
    restt -= pt[in.drawn];
  }
  const int others = static_cast<int>(p1.size()) - rows - (drawn_listed ? 0 : 1);
  if (others > 0)
    row(fill(tr("other {0}"), {std::to_string(others)}), std::max(rest1, 0.0f), std::max(restt, 0.0f), false, true);
}

}  // namespace whygpu::app::lstm_ui
