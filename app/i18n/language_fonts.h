#pragma once
// Which font files draw each language's text, and which characters they can draw. The
// atlas (build_fonts, app/widgets/ui_style.h) and `whygpu --check-lessons` ask here, so a lesson
// passes the check exactly when the app has a glyph for every character it shows.
//
// Every language draws with DejaVu (fonts-dejavu-core: Latin, Greek, symbols). Chinese
// adds a CJK font merged into it, from fonts-noto-cjk: the Simplified Chinese face of
// Noto Sans CJK for zh-Hans, the Traditional (Taiwan) face for zh-Hant, whose glyph
// shapes follow each region's standard; without it, WenQuanYi Micro Hei or Droid Sans
// Fallback, which have one shape for both.
#include <memory>
#include <string>
#include <vector>

namespace whygpu::app {

// The folder of the DejaVu fonts: $WHYGPU_FONT_DIR, else Debian's.
std::string font_folder();

// One font in a file: `index` picks the face of a collection (.ttc).
struct FontFace {
  std::string file;  // empty: none installed
  int index = 0;
};

// The CJK face `language`'s text is drawn with: zh-Hant's, else zh-Hans's (the face for
// Chinese in other languages' pages, such as an opened LSTM text). `bold`: the bold
// weight where the font has one (Noto does), else the regular face.
FontFace cjk_face(const std::string& language, bool bold = false);

// Chinese needs the CJK font merged into the atlas; the other languages draw with DejaVu.
bool language_needs_cjk(const std::string& language);

// The share of a face's line height (ascent minus descent, by which ImGui sizes a font)
// that its em square takes: about 0.86 for DejaVu Sans, 0.69 for Noto Sans CJK, whose
// Chinese characters therefore came out a fifth smaller than the Latin letters beside
// them at one pixel size. 0 when `font_bytes` hold no such face.
float em_share_of_line(const std::string& font_bytes, int index);

// The characters a language's body text can show: those of DejaVu Sans and, for Chinese,
// of its CJK face, looked up in each font's character map (stb_truetype, as ImGui does).
class GlyphCoverage {
 public:
  explicit GlyphCoverage(const std::string& language);
  ~GlyphCoverage();
  GlyphCoverage(const GlyphCoverage&) = delete;
  GlyphCoverage& operator=(const GlyphCoverage&) = delete;

  bool can_draw(char32_t code_point) const;
  // "DejaVuSans.ttf, NotoSansCJK-Regular.ttc (face 2)": for messages.
  const std::string& fonts() const { return names_; }
  // A font the language needs that could not be read ("install fonts-noto-cjk"), else "".
  const std::string& problem() const { return problem_; }

 private:
  struct Face;
  std::vector<std::unique_ptr<Face>> faces_;
  std::string names_;
  std::string problem_;
};

}  // namespace whygpu::app
