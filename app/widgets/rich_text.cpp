#include "app/widgets/rich_text.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <algorithm>
#include <cfloat>
#include <string>

#include "app/lesson/lesson_facts.h"
#include "app/text/line_breaks.h"
#include "app/widgets/ui_style.h"

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

// One span as shown: its place in the paragraph's text and its font. A fact shows its
// value, read from the data or recording it names.
struct ShownSpan {
  TextSpan::Style style = TextSpan::Style::plain;
  const FactReading* reading = nullptr;  // a fact's
  ImFont* font = nullptr;
  std::size_t begin = 0, end = 0;
  // Code and facts stay on one line unless one alone is wider than the line.
  bool whole() const { return style == TextSpan::Style::code || style == TextSpan::Style::fact; }
};

// The paragraph's text as shown, with each span's part of it.
struct ShownText {
  std::string text;
  std::vector<ShownSpan> spans;
};

ShownText shown_text(const std::vector<TextSpan>& spans, const Fonts& fonts, ImFont* base) {
  ShownText shown;
  for (const TextSpan& span : spans) {
    ShownSpan part;
    part.style = span.style;
    part.font = font_for(span.style, fonts, base);
    if (span.style == TextSpan::Style::fact) part.reading = &fact(span.text);
    part.begin = shown.text.size();
    shown.text += part.reading ? part.reading->text : span.text;
    part.end = shown.text.size();
    shown.spans.push_back(part);
  }
  return shown;
}

// Where lines may break: between words and CJK characters (app/text/line_breaks.h), but
// not inside code or a fact.
std::vector<std::size_t> breaks_of(const ShownText& shown) {
  std::vector<std::size_t> breaks = line_break_opportunities(shown.text);
  breaks.erase(std::remove_if(breaks.begin(), breaks.end(),
                              [&](std::size_t at) {
                                return std::any_of(shown.spans.begin(), shown.spans.end(), [&](const ShownSpan& s) {
                                  return s.whole() && at > s.begin && at < s.end;
                                });
                              }),
               breaks.end());
  return breaks;
}

// Width of shown.text[begin, end), each span's part in its own font.
float width_of(const ShownText& shown, std::size_t begin, std::size_t end) {
  float width = 0.0f;
  for (const ShownSpan& span : shown.spans) {
    const std::size_t from = std::max(begin, span.begin), to = std::min(end, span.end);
    if (from >= to) continue;
    width += span.font->CalcTextSizeA(span.font->FontSize, FLT_MAX, 0.0f, shown.text.data() + from,
                                      shown.text.data() + to).x;
  }
  return width;
}

// A line's first glyph may reach left of its pen position (DejaVu's 'J' does by two pixels
// at projector sizes): the line starts that much later so that nothing is cut.
float left_overhang(const ImFont& font, const char* begin, const char* end) {
  unsigned int codepoint = 0;
  ImTextCharFromUtf8(&codepoint, begin, end);
  const ImFontGlyph* first = font.FindGlyph(static_cast<ImWchar>(codepoint));
  return first ? std::max(0.0f, -first->X0) : 0.0f;
}

}  // namespace

void draw_rich_text(const std::vector<TextSpan>& spans, const Fonts& fonts, ImFont* base,
                    float wrap_width) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float line_height = base->FontSize * 1.35f;
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  const ShownText shown = shown_text(spans, fonts, base);
  const std::vector<WrappedLine> lines = wrap_lines(
      shown.text, breaks_of(shown), wrap_width, [&](std::size_t begin, std::size_t end) { return width_of(shown, begin, end); });
  for (std::size_t l = 0; l < lines.size(); ++l) {
    const WrappedLine& line = lines[l];
    const float y = line_height * static_cast<float>(l);
    float x = 0.0f;
    for (const ShownSpan& span : shown.spans) {
      const std::size_t from = std::max(line.begin, span.begin), to = std::min(line.end, span.end);
      if (from >= to) continue;
      ImFont* font = span.font;
      const char* begin = shown.text.data() + from;
      const char* end = shown.text.data() + to;
      if (x == 0.0f) x = left_overhang(*font, begin, end);
      const ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, begin, end);
      const float baseline_shift = (base->FontSize - font->FontSize) * 0.7f;
      const ImVec2 at(origin.x + x, origin.y + y + baseline_shift);
      if (span.style == TextSpan::Style::code) {
        const float pad = 2.0f * font->FontSize / 16.0f;
        draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + size.x + pad, at.y + size.y + pad),
                            palette().code_background, 3.0f);
      }
      draw->AddText(font, font->FontSize, at, text_colour, begin, end);
      if (span.reading && ImGui::IsMouseHoveringRect(at, ImVec2(at.x + size.x, at.y + size.y)))
        ImGui::SetTooltip("%s", span.reading->origin.c_str());  // where the number comes from
      x += size.x;
    }
  }
  const float height = line_height * static_cast<float>(std::max<std::size_t>(lines.size(), 1));
  ImGui::Dummy(ImVec2(std::max(wrap_width, 1.0f), height));
}

}  // namespace whygpu::app
