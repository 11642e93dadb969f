#include "app/text/wrapped_text.h"

#include <imgui_internal.h>  // CalcWrapWidthForPos, ItemSize, ItemAdd, LogRenderedText: what ImGui::TextEx does

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace whygpu::app {
namespace {

float line_width(std::string_view text, const WrappedLine& line, const ImFont& font, float size) {
  return font.CalcTextSizeA(size, FLT_MAX, 0.0f, text.data() + line.begin, text.data() + line.end).x;
}

ImVec2 size_of(std::string_view text, const std::vector<WrappedLine>& lines, const ImFont& font, float size) {
  float widest = 0.0f;
  for (const WrappedLine& line : lines) widest = std::max(widest, line_width(text, line, font, size));
  // Empty text is one empty line, as in ImGui.
  return ImVec2(std::ceil(widest), size * static_cast<float>(std::max<std::size_t>(lines.size(), 1)));
}

void add_lines(ImDrawList* draw, ImVec2 at, ImU32 colour, std::string_view text, const std::vector<WrappedLine>& lines,
               ImFont* font, float size) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    draw->AddText(font, size, ImVec2(at.x, at.y + size * static_cast<float>(i)), colour, text.data() + lines[i].begin,
                  text.data() + lines[i].end);
}

}  // namespace

std::vector<WrappedLine> wrap_in_font(std::string_view text, const ImFont& font, float size, float width) {
  return wrap_lines(text, line_break_opportunities(text), width, [&](std::size_t begin, std::size_t end) {
    return font.CalcTextSizeA(size, FLT_MAX, 0.0f, text.data() + begin, text.data() + end).x;
  });
}

void wrapped_text_unformatted(std::string_view text) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  const ImVec2 at(window->DC.CursorPos.x, window->DC.CursorPos.y + window->DC.CurrLineTextBaseOffset);
  const float wrap_pos = std::max(window->DC.TextWrapPos, 0.0f);  // 0: the window's edge, as TextWrapped
  const float width = ImGui::CalcWrapWidthForPos(window->DC.CursorPos, wrap_pos);
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const std::vector<WrappedLine> lines = wrap_in_font(text, *font, size, width);
  const ImVec2 extent = size_of(text, lines, *font, size);
  const ImRect box(at, ImVec2(at.x + extent.x, at.y + extent.y));
  ImGui::ItemSize(extent, 0.0f);
  if (!ImGui::ItemAdd(box, 0)) return;
  add_lines(window->DrawList, at, ImGui::GetColorU32(ImGuiCol_Text), text, lines, font, size);
  if (GImGui->LogEnabled) ImGui::LogRenderedText(&at, text.data(), text.data() + text.size());
}

ImVec2 wrapped_text_size(std::string_view text, float width) {
  const ImFont& font = *ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  return size_of(text, wrap_in_font(text, font, size, width), font, size);
}

void add_wrapped_text(ImDrawList* draw, ImVec2 at, ImU32 colour, std::string_view text, float width) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  add_lines(draw, at, colour, text, wrap_in_font(text, *font, size, width), font, size);
}

}  // namespace whygpu::app
