#pragma once
// Where a line of text may end, and lines chosen from those places: English breaks at
// spaces, Chinese and Japanese between any two characters, with the rules their
// typesetting keeps (a subset of Unicode's line breaking, UAX #14):
// - a line never starts with closing punctuation (，。、；：？！）」』》〉】… and their
//   ASCII and full-width forms) and never ends with opening punctuation (（「『《〈【 “);
// - a break is allowed between two CJK characters and between CJK and other text;
// - other text (Latin, Cyrillic, digits, ...) breaks only after spaces;
// - no-break spaces (U+00A0, French's U+202F before « ; : ! ? », U+2007, U+2060) hold
//   the text on both sides together.
// Pure functions on UTF-8 text, so that the tests need no font: app/text/wrapped_text.h
// measures with ImGui's fonts and draws.
//
//   const auto breaks = line_break_opportunities(text);
//   for (const WrappedLine& line : wrap_lines(text, breaks, width, measure)) draw(text.substr(line.begin, ...));
#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace whygpu::app {

// Byte offsets, increasing, where a new line may start (never 0 or text.size()). After
// spaces the offset is that of the first character past them: the spaces stay at the end
// of the line before, where they are not drawn.
std::vector<std::size_t> line_break_opportunities(std::string_view text);

struct WrappedLine {
  std::size_t begin = 0;
  std::size_t end = 0;  // before the spaces at which the line broke
};

// The width in pixels of text[begin, end). Widths of adjacent pieces add up (ImGui places
// glyph after glyph without kerning).
using MeasureText = std::function<float(std::size_t begin, std::size_t end)>;

// Lines no wider than `width`, each taking as much text as fits, ending at one of
// `breaks` or at a '\n' (which always ends a line). Where even the first piece is wider
// than a whole line (a long word, a URL), the line is cut between two characters instead,
// so that nothing runs past the edge; a line holds one character at least. Empty text
// gives no lines.
std::vector<WrappedLine> wrap_lines(std::string_view text, const std::vector<std::size_t>& breaks, float width,
                                 const MeasureText& measure);

}  // namespace whygpu::app
