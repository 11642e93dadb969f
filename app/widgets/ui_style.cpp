#include "app/widgets/ui_style.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <vector>

#include "app/i18n/glyph_needs.h"
#include "app/i18n/language.h"
#include "app/i18n/language_fonts.h"
#include "app/i18n/language_text.h"
#include "app/text/wrapped_text.h"
#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

bool dark_palette = true;

constexpr std::size_t kMaxFontBytes = std::size_t{64} << 20;  // Noto Sans CJK, the largest, is 20 MB

// The UI's own characters: Latin, Greek (for sigma, mu), general punctuation, arrows,
// maths symbols, and U+FFFD, which then becomes ImGui's placeholder for a missing glyph
// (a visible box with a question mark, never a plain "?" that reads as text).
constexpr ImWchar kUiRanges[] = {0x0020, 0x024F, 0x0370, 0x03FF, 0x2000, 0x22FF, 0x2500, 0x25FF, 0xFFFD, 0xFFFD, 0};

// ImGui's zero-terminated range list: the UI's ranges (`with_ui`) and the characters of
// `glyphs` (sorted; those ImWchar can hold: the Basic Multilingual Plane).
std::vector<ImWchar> atlas_ranges(const std::vector<char32_t>& glyphs, bool with_ui) {
  std::vector<ImWchar> ranges;
  if (with_ui) ranges.assign(std::begin(kUiRanges), std::end(kUiRanges) - 1);
  for (const auto& [first, last] : glyph_ranges(glyphs)) {
    if (first > 0xFFFF) break;
    ranges.push_back(static_cast<ImWchar>(first));
    ranges.push_back(static_cast<ImWchar>(std::min<char32_t>(last, 0xFFFF)));
  }
  ranges.push_back(0);
  return ranges;
}

// ImGui's AddFontFromFileTTF opens the file with fopen, which waits forever on a FIFO:
// the bytes are read through read_text_file instead and handed over, and the atlas owns
// them from then on (it frees them with IM_FREE). `match_em_share` > 0: the face is sized
// so that its em square is as large as that of a face with this share (em_share_of_line).
// *em_share, when given, is this face's own.
Status add_font_file(const std::string& path, float pixels, const ImFontConfig& config, const ImWchar* ranges,
                     ImFont** out, float match_em_share = 0.0f, float* em_share = nullptr) {
  std::string bytes;
  if (Status s = read_text_file(path, &bytes, kMaxFontBytes); !s) return s;
  if (bytes.empty()) return Status::error(Wording::sentence(N_("{0}: is empty"), {path}));
  const float own = em_share_of_line(bytes, config.FontNo);
  if (em_share) *em_share = own;
  if (match_em_share > 0 && own > 0) pixels *= match_em_share / own;
  void* data = IM_ALLOC(bytes.size());
  std::memcpy(data, bytes.data(), bytes.size());
  ImFontConfig owned = config;
  *out = ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes.size()), pixels, &owned, ranges);
  return Status::ok();
}

ImFont* add_font(const std::string& file, float pixels, const ImWchar* ranges, Wording& warning,
                 float* em_share = nullptr) {
  const std::string path = font_folder() + "/" + file;
  ImFontConfig config;
  // Horizontal oversampling places small letters at sub-pixel positions; from heading
  // sizes at text x1.5 up it is not seen, and it would double the headings' share of the
  // atlas (at text x2 that share took a Chinese atlas past 4096 pixels).
  config.OversampleH = pixels >= 40.0f ? 1 : 2;
  ImFont* font = nullptr;
  const Status added = add_font_file(path, pixels, config, ranges, &font, 0.0f, em_share);
  if (added) return font;
  warning = Wording::sentence(
      N_("A font is missing ({0}): install fonts-dejavu-core. Until then the text uses ImGui's built-in font."),
      {added.wording()});
  ImFontConfig fallback;
  fallback.SizePixels = pixels;
  return ImGui::GetIO().Fonts->AddFontDefault(&fallback);
}

// Merges the CJK face's glyphs for `ranges` into the font added last: only the glyphs the
// text needs enter the atlas, and only those DejaVu lacks (ImGui keeps the first font's).
// With `dejavu_em_share` > 0 their em square is DejaVu's, so a Chinese character stands as
// tall as a Latin one beside it (ImGui puts merged glyphs on the first font's baseline).
// Lesson titles keep the CJK face's own size: the largest type, their glyphs a fifth
// larger would take a Chinese atlas at text x2 past 4096 pixels, older GPUs' largest texture.
void merge_cjk(const FontFace& face, float pixels, const ImWchar* ranges, float dejavu_em_share) {
  if (face.file.empty() || !ranges[0]) return;  // no CJK font: the missing glyphs are listed instead
  ImFontConfig config;
  config.MergeMode = true;
  config.FontNo = face.index;
  config.OversampleH = 1;  // CJK glyphs are many and dense: the atlas stays small
  ImFont* merged = nullptr;
  add_font_file(face.file, pixels, config, ranges, &merged, dejavu_em_share);
}

std::vector<char32_t> sorted_union(std::vector<char32_t> a, const std::vector<char32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a;
}

}  // namespace

Fonts build_fonts(float scale, const std::string& language, const std::vector<char32_t>& language_glyphs) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  const std::vector<char32_t> opened_glyphs = needed_glyphs();
  // ImGui keeps pointers to the range lists with the atlas.
  static std::vector<ImWchar> page_ranges, text_ranges, cjk_page_ranges, cjk_text_ranges;
  page_ranges = atlas_ranges(language_glyphs, true);  // headings: the page's own text
  // View > Language names every language in its own script ("简体中文"), in every interface.
  std::vector<char32_t> language_names;
  for (const Language& each : languages()) {
    const std::vector<char32_t> name = code_points_of(each.name);
    language_names.insert(language_names.end(), name.begin(), name.end());
  }
  const std::vector<char32_t> text_glyphs = sorted_union(opened_glyphs, language_glyphs);
  const std::vector<char32_t> all_glyphs = sorted_union(text_glyphs, language_names);
  text_ranges = atlas_ranges(all_glyphs, true);  // body and code also show the texts the user opened
  // The CJK font gives only what DejaVu lacks: asked for the UI's ranges too, it would add
  // its own punctuation and symbols to every font (at text x2, a 4096-pixel atlas for a
  // hundred Chinese characters).
  const GlyphCoverage dejavu("en");
  auto beyond_dejavu = [&](const std::vector<char32_t>& glyphs) {
    std::vector<char32_t> beyond;
    std::copy_if(glyphs.begin(), glyphs.end(), std::back_inserter(beyond), [&](char32_t c) { return !dejavu.can_draw(c); });
    return beyond;
  };
  cjk_page_ranges = atlas_ranges(beyond_dejavu(language_glyphs), false);
  cjk_text_ranges = atlas_ranges(beyond_dejavu(all_glyphs), false);
  const float body = 18.0f * scale, code = 16.5f * scale;
  // Chinese pages have CJK in every font, bold where the CJK font has a bold weight. In
  // other languages only an opened text's characters need it: they show in body and code
  // type (LSTM samples, strips, the text's description); and the menu's language names
  // in body type, whose few glyphs come at the cost of reading the CJK font file once.
  const bool cjk_pages = language_needs_cjk(language);
  const bool cjk_text = cjk_pages || !opened_glyphs.empty();
  const FontFace regular = cjk_face(language);
  const FontFace page_regular = cjk_pages ? regular : FontFace{};
  const FontFace bold = cjk_pages ? cjk_face(language, true) : FontFace{};
  float dejavu_em = 0.0f;  // 0 with ImGui's built-in font: the CJK face keeps its own size
  fonts.body = add_font("DejaVuSans.ttf", body, text_ranges.data(), fonts.warning, &dejavu_em);  // first = default
  merge_cjk(regular, body, cjk_text_ranges.data(), dejavu_em);
  fonts.emphasis = add_font("DejaVuSans-Oblique.ttf", body, text_ranges.data(), fonts.warning);
  merge_cjk(page_regular, body, cjk_text_ranges.data(), dejavu_em);  // CJK has no italic: emphasis stays upright
  fonts.strong = add_font("DejaVuSans-Bold.ttf", body, text_ranges.data(), fonts.warning);
  merge_cjk(bold, body, cjk_text_ranges.data(), dejavu_em);
  fonts.code = add_font("DejaVuSansMono.ttf", code, text_ranges.data(), fonts.warning);
  merge_cjk(cjk_text ? regular : FontFace{}, code, cjk_text_ranges.data(), dejavu_em);
  fonts.heading1 = add_font("DejaVuSans-Bold.ttf", 30.0f * scale, page_ranges.data(), fonts.warning);
  merge_cjk(bold, 30.0f * scale, cjk_page_ranges.data(), 0.0f);
  fonts.heading2 = add_font("DejaVuSans-Bold.ttf", 23.0f * scale, page_ranges.data(), fonts.warning);
  merge_cjk(bold, 23.0f * scale, cjk_page_ranges.data(), dejavu_em);
  io.Fonts->Build();
  // Only a text's characters count as missing: without a CJK font installed, the menu's
  // "简体中文" shows as boxes, and a user of another language needs no warning about it.
  for (const char32_t c : text_glyphs)
    if (c > 0xFFFF || !fonts.body->FindGlyphNoFallback(static_cast<ImWchar>(c))) fonts.missing_glyphs.push_back(c);
  return fonts;
}

void apply_style(bool dark, float scale) {
  dark_palette = dark;
  ImGuiStyle style;
  if (dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

void wrapped_text(const std::string& text, unsigned colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  wrapped_text_unformatted(text);
  ImGui::PopStyleColor();
}

const Palette& palette() {
  static const Palette dark{IM_COL32(255, 150, 50, 255), IM_COL32(118, 200, 60, 255),
                            IM_COL32(60, 170, 230, 255), IM_COL32(240, 200, 60, 255),
                            IM_COL32(255, 90, 90, 255),  IM_COL32(170, 170, 170, 255),
                            IM_COL32(45, 45, 52, 255),   IM_COL32(40, 60, 85, 255)};
  static const Palette light{IM_COL32(215, 100, 0, 255), IM_COL32(40, 140, 20, 255),
                             IM_COL32(20, 110, 190, 255), IM_COL32(170, 120, 0, 255),
                             IM_COL32(200, 30, 30, 255), IM_COL32(100, 100, 100, 255),
                             IM_COL32(232, 232, 236, 255), IM_COL32(220, 235, 250, 255)};
  return dark_palette ? dark : light;
}

}  // namespace whygpu::app
