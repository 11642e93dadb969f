#include "app/text/cjk.h"

#include "app/text/utf8.h"

namespace whygpu::app {

bool is_cjk(char32_t c) {
  return (c >= 0x1100 && c <= 0x11ff) ||    // Hangul jamo
         (c >= 0x2e80 && c <= 0x2fdf) ||    // CJK radicals, Kangxi radicals
         (c >= 0x2ff0 && c <= 0x303f) ||    // ideographic description, CJK symbols and punctuation
         (c >= 0x3040 && c <= 0x31ff) ||    // kana, bopomofo, Hangul compatibility jamo, kanbun, strokes
         (c >= 0x3200 && c <= 0x4dbf) ||    // enclosed and compatibility CJK, extension A
         (c >= 0x4e00 && c <= 0x9fff) ||    // CJK unified ideographs
         (c >= 0xa960 && c <= 0xa97f) ||    // Hangul jamo extended A
         (c >= 0xac00 && c <= 0xd7ff) ||    // Hangul syllables, jamo extended B
         (c >= 0xf900 && c <= 0xfaff) ||    // CJK compatibility ideographs
         (c >= 0xfe10 && c <= 0xfe1f) ||    // vertical forms
         (c >= 0xfe30 && c <= 0xfe4f) ||    // CJK compatibility forms
         (c >= 0xff00 && c <= 0xffef) ||    // half-width and full-width forms
         (c >= 0x20000 && c <= 0x3ffff);    // the supplementary and tertiary ideographic planes
}

void append_source_line(std::string& text, std::string_view line) {
  if (text.empty() || line.empty()) {
    text += line;
    return;
  }
  std::size_t unused = 0;
  const bool cjk_meet = is_cjk(utf8_before(text, text.size(), &unused)) || is_cjk(utf8_at(line, 0, &unused));
  if (!cjk_meet) text += ' ';
  text += line;
}

}  // namespace whygpu::app
