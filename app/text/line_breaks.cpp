#include "app/text/line_breaks.h"

#include <algorithm>
#include <string>

#include "app/text/cjk.h"
#include "app/text/utf8.h"

namespace whygpu::app {
namespace {

// Spaces a line may break after (U+200B is the zero-width one) and the line ends.
bool is_breaking_space(char32_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0x200b; }

// Spaces and joiners that hold their neighbours together: the no-break space, French's
// narrow no-break space, the figure space, the word joiner and the zero-width no-break space.
bool is_glue(char32_t c) { return c == 0xa0 || c == 0x202f || c == 0x2007 || c == 0x2060 || c == 0xfeff; }

// Marks drawn on the character before them: never separated from it.
bool is_combining(char32_t c) {
  return (c >= 0x300 && c <= 0x36f) || c == 0x200c || c == 0x200d || (c >= 0xfe00 && c <= 0xfe0f) ||
         c == 0x3099 || c == 0x309a;
}

// Brackets and quotes that open: never at the end of a line.
bool is_opening(char32_t c) {
  switch (c) {
    case '(': case '[': case '{':
    case 0x2018: case 0x201c:  // ‘ “
    case 0xab: case 0x2039:    // « ‹
    case 0x3008: case 0x300a: case 0x300c: case 0x300e: case 0x3010:  // 〈 《 「 『 【
    case 0x3014: case 0x3016: case 0x3018: case 0x301a: case 0x301d:  // 〔 〖 〘 〚 〝
    case 0xff08: case 0xff3b: case 0xff5b: case 0xff5f: case 0xff62:  // （ ［ ｛ ｟ ｢
      return true;
    default:
      return false;
  }
}

// Punctuation that closes or ends a phrase: never at the start of a line.
bool is_closing(char32_t c) {
  switch (c) {
    case ')': case ']': case '}': case ',': case '.': case ';': case ':': case '!': case '?':
    case 0x2019: case 0x201d:                // ’ ”
    case 0xbb: case 0x203a:                  // » ›
    case 0x2025: case 0x2026: case 0x22ef:   // ‥ … ⋯
    case 0x3001: case 0x3002:                // 、 。
    case 0x3005: case 0x30fb: case 0x30fc:   // 々 ・ ー (Japanese: never starts a line)
    case 0x3009: case 0x300b: case 0x300d: case 0x300f: case 0x3011:  // 〉 》 」 』 】
    case 0x3015: case 0x3017: case 0x3019: case 0x301b: case 0x301e: case 0x301f:  // 〕 〗 〙 〛 〞 〟
    case 0xff01: case 0xff09: case 0xff0c: case 0xff0e: case 0xff1a: case 0xff1b: case 0xff1f:  // ！ ） ， ． ： ； ？
    case 0xff3d: case 0xff5d: case 0xff60: case 0xff61: case 0xff63: case 0xff64:  // ］ ｝ ｠ ｡ ｣ ､
      return true;
    default:
      return false;
  }
}

// May a line end between `before` and `after`?
bool break_between(char32_t before, char32_t after) {
  if (is_breaking_space(after) || is_glue(after) || is_combining(after) || is_closing(after)) return false;
  if (is_glue(before) || is_opening(before)) return false;
  if (is_breaking_space(before)) return true;
  if (before == 0x2014 && after == 0x2014) return false;  // Chinese's dash "——" is one mark
  return is_cjk(before) || is_cjk(after);
}

bool is_trailing_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

std::vector<std::size_t> line_break_opportunities(std::string_view text) {
  std::vector<std::size_t> breaks;
  char32_t before = 0;
  for (std::size_t at = 0, length = 0; at < text.size(); at += length) {
    const char32_t c = utf8_at(text, at, &length);
    if (at > 0 && break_between(before, c)) breaks.push_back(at);
    before = c;
  }
  return breaks;
}

std::vector<WrappedLine> wrap_lines(std::string_view text, const std::vector<std::size_t>& breaks, float width,
                                 const MeasureText& measure) {
  width = std::max(width, 0.0f);  // so that an empty line always fits
  std::vector<WrappedLine> lines;
  auto without_trailing_spaces = [&](std::size_t begin, std::size_t end) {
    while (end > begin && is_trailing_space(text[end - 1])) --end;
    return end;
  };
  // The longest start of text[begin, end) that fits, one character at least, cut where
  // no closing mark or combining mark follows if it can be.
  auto cut_to_fit = [&](std::size_t begin, std::size_t end) {
    std::size_t length = 0;
    utf8_at(text, begin, &length);
    std::size_t cut = begin + length;
    std::size_t good_cut = std::string_view::npos;
    float used = measure(begin, cut);
    while (cut < end) {
      const char32_t next = utf8_at(text, cut, &length);
      if (!is_closing(next) && !is_combining(next)) good_cut = cut;
      used += measure(cut, cut + length);
      if (used > width) break;
      cut += length;
    }
    return good_cut != std::string_view::npos ? good_cut : cut;
  };
  auto next_break = breaks.begin();
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t hard_end = std::min(text.find('\n', start), text.size());
    while (next_break != breaks.end() && *next_break <= start) ++next_break;
    std::size_t line_end = std::string_view::npos;
    std::size_t resume = std::string_view::npos;
    std::size_t piece_start = start;  // the line so far is text[start, piece_start), `line_width` wide
    float line_width = 0.0f;
    for (auto b = next_break;; ++b) {
      const bool last = b == breaks.end() || *b >= hard_end;
      const std::size_t candidate = last ? hard_end : *b;
      const std::size_t shown_end = std::max(piece_start, without_trailing_spaces(start, candidate));
      if (line_width + measure(piece_start, shown_end) > width) {
        if (line_end == std::string_view::npos) line_end = resume = cut_to_fit(start, shown_end);
        break;
      }
      line_end = shown_end;
      resume = last && hard_end < text.size() ? hard_end + 1 : candidate;
      if (last) break;
      line_width += measure(piece_start, candidate);
      piece_start = candidate;
    }
    lines.push_back({start, line_end});
    start = resume;
  }
  return lines;
}

}  // namespace whygpu::app
