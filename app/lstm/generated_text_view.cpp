#include "app/lstm/generated_text_view.h"

#include <imgui.h>

#include <algorithm>

#include "app/lstm/char_label.h"
#include "app/widgets/ui_style.h"

namespace whygpu::app::lstm_ui {
namespace {

bool is_break(char32_t c) { return c == U' ' || c == U'\n'; }

}  // namespace

TextViewResult GeneratedTextView::draw(const std::deque<lstm::GenerationStep>& history, long long marked,
                                       float height, ImFont* font) {
  TextViewResult result;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette().code_background);
  ImGui::BeginChild("generated-text", ImVec2(0, height), true);
  if (font) ImGui::PushFont(font);
  const float cell_w = ImGui::CalcTextSize("M").x;
  const float cell_h = ImGui::GetTextLineHeightWithSpacing();
  const int columns = std::max(8, static_cast<int>(ImGui::GetContentRegionAvail().x / cell_w) - 1);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool window_hovered = ImGui::IsWindowHovered();
  const float clip_top = ImGui::GetWindowPos().y - cell_h;
  const float clip_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();

  // One extra cell after the history: the character drawn by the latest step.
  const std::size_t count = history.size();
  int col = 0, line = 0;
  for (std::size_t k = 0; k <= count; ++k) {
    const bool pending = k == count;
    if (pending && count == 0) break;
    const char32_t c = pending ? history.back().drawn_char : history[k].input_char;
    // Word wrap: a word that would cross the edge starts the next line.
    if (col > 0 && !is_break(c) && (k == 0 || is_break(history[k - 1].input_char))) {
      int length = 1;
      for (std::size_t j = k + 1; j < count && !is_break(history[j].input_char) && length < columns; ++j) ++length;
      if (col + length > columns) col = 0, ++line;
    }
    if (col >= columns) col = 0, ++line;
    const ImVec2 p(origin.x + cell_w * col, origin.y + cell_h * line);
    if (p.y >= clip_top && p.y <= clip_bottom) {
      const ImVec2 q(p.x + cell_w, p.y + cell_h);
      const long long index = pending ? -1 : history[k].index;
      if (!pending && index == marked)
        draw->AddRectFilled(p, q, (palette().gpu_alt & 0x00FFFFFFu) | 0x90000000u, 2.0f);
      const bool hovered = window_hovered && !pending && mouse.x >= p.x && mouse.x < q.x && mouse.y >= p.y &&
                           mouse.y < q.y;
      if (hovered) {
        draw->AddRect(p, q, ImGui::GetColorU32(ImGuiCol_Text), 2.0f);
        result.hovered = index;
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) result.clicked = index;
      }
      const ImU32 colour = pending                 ? palette().warning
                           : history[k].primed     ? palette().muted_text
                                                   : ImGui::GetColorU32(ImGuiCol_Text);
      const std::string glyph = char_in_text(c);
      draw->AddText(p, colour, glyph.c_str());
      if (pending) draw->AddLine(ImVec2(p.x, q.y - 2), ImVec2(q.x, q.y - 2), colour, 2.0f);
    }
    ++col;
    if (c == U'\n') col = 0, ++line;
  }
  ImGui::Dummy(ImVec2(cell_w * columns, cell_h * (line + 1)));
  // Follow the end while the user has not scrolled away from it.
  const long long total = count == 0 ? 0 : history.back().index + 1;
  if (total != last_count_ && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 2 * cell_h) ImGui::SetScrollHereY(1.0f);
  last_count_ = total;
  if (font) ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  return result;
}

}  // namespace whygpu::app::lstm_ui
