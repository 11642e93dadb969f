#include "app/rich_text.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <algorithm>

#include "app/lesson_facts.h"
#include "app/ui_style.h"

namespace whygpu::app {
namespace {

ImFont* font_for(TextSpan::Style style, const Fonts& fonts, ImFont* base) {
  switch (style) {
    case TextSpan::Style::emphasis: return base == fonts.body ? fonts.emphasis : base;
    case TextSpan::Style::strong: return base == fonts.body ? fonts.strong : base;
    case TextSpan::Style::code: return fonts.code;
    case TextSpan::Style::plain:
    case TextSpan::Style::fact: break;
  }
  return base;
}

}  // namespace

void draw_rich_text(const std::vector<TextSpan>& spans, const Fonts& fonts, ImFont* base,
                    float wrap_width) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float line_height = base->FontSize * 1.35f;
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  float x = 0.0f;
  float y = 0.0f;
  for (const TextSpan& fact_or_text : spans) {
    // A fact shows its value, read from the data or recording it names, kept on one line.
    const bool is_fact = fact_or_text.style == TextSpan::Style::fact;
    const FactReading* reading = is_fact ? &fact(fact_or_text.text) : nullptr;
    const TextSpan value = is_fact ? TextSpan{TextSpan::Style::fact, reading->text} : TextSpan{};
    const TextSpan& span = is_fact ? value : fact_or_text;
    ImFont* font = font_for(span.style, fonts, base);
    const float baseline_shift = (base->FontSize - font->FontSize) * 0.7f;
    std::size_t i = 0;
    while (i < span.text.size()) {
      // One word plus the spaces after it; code spans keep their inner spaces together.
      std::size_t end = i;
      if (span.style == TextSpan::Style::code || is_fact) {
        end = span.text.size();
      } else {
        while (end < span.text.size() && span.text[end] != ' ') ++end;
        while (end < span.text.size() && span.text[end] == ' ') ++end;
      }
      const char* begin_ptr = span.text.c_str() + i;
      const char* end_ptr = span.text.c_str() + end;
      const ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, begin_ptr, end_ptr);
      if (x > 0.0f && x + size.x > wrap_width) {
        x = 0.0f;
        y += line_height;
        while (begin_ptr < end_ptr && *begin_ptr == ' ') ++begin_ptr;  // no leading space on a new line
      }
      // A line's first glyph may reach left of its pen position (DejaVu's 'J' does by two
      // pixels at projector sizes); start it that much later so that nothing is cut.
      if (x == 0.0f && begin_ptr < end_ptr) {
        unsigned int codepoint = 0;
        ImTextCharFromUtf8(&codepoint, begin_ptr, end_ptr);
        if (const ImFontGlyph* first = font->FindGlyph(static_cast<ImWchar>(codepoint)))
          x = std::max(0.0f, -first->X0);
      }
      const ImVec2 at(origin.x + x, origin.y + y + baseline_shift);
      if (span.style == TextSpan::Style::code) {
        const float pad = 2.0f * font->FontSize / 16.0f;
        draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + size.x + pad, at.y + size.y + pad),
                            palette().code_background, 3.0f);
      }
      draw->AddText(font, font->FontSize, at, text_colour, begin_ptr, end_ptr);
      if (is_fact && ImGui::IsMouseHoveringRect(at, ImVec2(at.x + size.x, at.y + size.y)))
        ImGui::SetTooltip("%s", reading->origin.c_str());  // where the number comes from
      x += size.x;
      i = end;
    }
  }
  ImGui::Dummy(ImVec2(std::max(wrap_width, 1.0f), y + line_height));
}

}  // namespace whygpu::app
