#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/demo/demo_player.h"
#include "app/i18n/glyph_needs.h"
#include "app/i18n/language.h"
#include "app/i18n/language_fonts.h"
#include "app/i18n/language_text.h"
#include "app/lesson/lesson_library.h"
#include "app/widgets/ui_style.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/special_files.h"

namespace whygpu::app {
namespace {

TEST(GlyphNeeds, RangesMergeNeighbours) {
  const std::vector<std::pair<char32_t, char32_t>> expected{{'a', 'c'}, {0x416, 0x417}, {0x4E2D, 0x4E2D}};
  EXPECT_EQ(glyph_ranges({'a', 'b', 'c', 0x416, 0x417, 0x4E2D}), expected);
  EXPECT_TRUE(glyph_ranges({}).empty());
  EXPECT_EQ(glyph_sample({0x416, 0x4E2D, 'x'}, 2), "\u0416 \u4E2D and 1 more");
}

// The atlas, built without a window (ImGui rasterises on the CPU), holds an opened text's
// Cyrillic from DejaVu and its Chinese from a CJK fallback font, and names what no font has.
TEST(GlyphNeeds, TheAtlasTakesTheTextsCharacters) {
  ImGui::CreateContext();
  const int before = glyph_needs_generation();
  need_glyphs({0x0416 /* Ж */, 0x044F /* я */, 0x4E2D /* 中 */, 0x6587 /* 文 */, 0xE000 /* private use */});
  EXPECT_GT(glyph_needs_generation(), before);
  const int after = glyph_needs_generation();
  need_glyphs({0x0416});
  EXPECT_EQ(glyph_needs_generation(), after) << "nothing new: no rebuild";

  const Fonts fonts = build_fonts(1.0f, "en", {});
  ASSERT_TRUE(fonts.warning.empty()) << fonts.warning.english();  // DejaVu is installed (fonts-dejavu-core)
  EXPECT_NE(fonts.body->FindGlyphNoFallback(0x0416), nullptr);
  EXPECT_NE(fonts.code->FindGlyphNoFallback(0x044F), nullptr);
  EXPECT_EQ(fonts.body->FallbackChar, 0xFFFD) << "a missing glyph shows as the replacement box, not '?'";
  const bool cjk = fonts.body->FindGlyphNoFallback(0x4E2D) != nullptr;
  std::vector<char32_t> expected_missing{0xE000};
  if (!cjk) expected_missing = {0x4E2D, 0x6587, 0xE000};  // no CJK font on this machine
  EXPECT_EQ(fonts.missing_glyphs, expected_missing);
  ImGui::DestroyContext();
}

// A Chinese atlas holds the characters the language's pages, demos and interface show, and
// no others, so that it stays within older GPUs' 4096-pixel textures at projector text
// sizes. WHYGPU_ATLAS_LESSONS=DIR measures another lesson folder (the shipped lessons
// with their translations) and prints the sizes.
TEST(GlyphNeeds, TheChineseAtlasHoldsOnlyTheCharactersTheLanguageShows) {
  if (cjk_face("zh-Hans").file.empty()) GTEST_SKIP() << "no CJK font installed (fonts-noto-cjk)";
  const char* other = std::getenv("WHYGPU_ATLAS_LESSONS");
  const std::string folder = other && *other ? other : std::string(WHYGPU_SOURCE_DIR) + "/tests/app/translations";
  for (const float scale : {1.0f, 1.5f, 2.0f}) {  // English's, for comparison
    ImGui::CreateContext();
    ImGui::GetIO().Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;  // the height used, not rounded up
    LessonLibrary library = LessonLibrary::load(folder);
    build_fonts(scale, "en", language_glyphs(library, demo_files(folder + "/demos"), {}));
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
    std::printf("en, text x%.1f: atlas %d x %d\n", scale, width, height);
    ImGui::DestroyContext();
  }
  for (const char* language : {"zh-Hans", "zh-Hant"}) {
    LessonLibrary library = LessonLibrary::load(folder);
    library.set_language(language);
    const std::vector<char32_t> glyphs =
        language_glyphs(library, demo_files(folder + "/demos"), {"\u8bbe\u7f6e" /* an interface string: 设置 */});
    ASSERT_TRUE(std::find(glyphs.begin(), glyphs.end(), U'\u8bbe') != glyphs.end());
    for (const float scale : {1.0f, 1.5f, 2.0f}) {
      ImGui::CreateContext();
      ImGui::GetIO().Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
      const Fonts fonts = build_fonts(scale, language, glyphs);
      unsigned char* pixels = nullptr;
      int width = 0, height = 0;
      ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
      std::printf("%s, %zu characters, text x%.1f: atlas %d x %d\n", language, glyphs.size(), scale, width, height);
      for (const char32_t c : fonts.missing_glyphs)  // (an earlier test's opened text may lack some)
        EXPECT_TRUE(std::find(glyphs.begin(), glyphs.end(), c) == glyphs.end()) << "U+" << std::hex << unsigned(c);
      for (ImFont* font : {fonts.body, fonts.strong, fonts.emphasis, fonts.code, fonts.heading1, fonts.heading2}) {
        EXPECT_NE(font->FindGlyphNoFallback(0x8BBE), nullptr) << language;
        EXPECT_EQ(font->FindGlyphNoFallback(0x9F98), nullptr) << "a character no page shows (U+9F98) is in the atlas";
      }
      // Older GPUs' largest texture; the atlas of English alone is 2048 x 2048 at text x2.
      EXPECT_LE(width, 4096);
      EXPECT_LE(height, 4096);
      ImGui::DestroyContext();
    }
  }
}

// The View > Language menu names each language in that language ("简体中文"), whatever the
// interface's language: an English or French atlas holds those names' characters too, or a
// Chinese student meets boxes where their language should be.
TEST(GlyphNeeds, EveryLanguagesNameIsDrawnInEveryLanguage) {
  if (cjk_face("zh-Hans").file.empty()) GTEST_SKIP() << "no CJK font installed (fonts-noto-cjk)";
  for (const char* interface_language : {"en", "fr", "it", "zh-Hans", "zh-Hant"}) {
    ImGui::CreateContext();
    const Fonts fonts = build_fonts(1.0f, interface_language, {});
    for (const Language& language : languages())
      for (const char32_t c : code_points_of(language.name))
        EXPECT_NE(fonts.body->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr)
            << language.name << " in a " << interface_language << " interface: U+" << std::hex << unsigned(c);
    ImGui::DestroyContext();
  }
}

// A Chinese character is set on the same em square as the Latin letters beside it: Noto
// Sans CJK's line is taller for its em than DejaVu's, and sized by the line (as ImGui does)
// its characters came out a fifth smaller than "GPU" in the same sentence. An ideograph
// fills about 0.88 of its em, a capital H 0.73 of DejaVu's.
TEST(GlyphNeeds, ChineseCharactersStandAsTallAsTheLatinLettersBesideThem) {
  if (cjk_face("zh-Hans").file.empty()) GTEST_SKIP() << "no CJK font installed (fonts-noto-cjk)";
  ImGui::CreateContext();
  const Fonts fonts = build_fonts(2.0f, "zh-Hans", code_points_of("\u4e2d\u6587 H"));
  for (ImFont* font : {fonts.body, fonts.strong, fonts.emphasis, fonts.code, fonts.heading2}) {  // titles keep theirs
    const ImFontGlyph* latin = font->FindGlyphNoFallback('H');
    const ImFontGlyph* chinese = font->FindGlyphNoFallback(0x4E2D);  // 中
    ASSERT_NE(latin, nullptr);
    ASSERT_NE(chinese, nullptr);
    const float ratio = (chinese->Y1 - chinese->Y0) / (latin->Y1 - latin->Y0);
    EXPECT_GT(ratio, 1.1f) << "中 is " << ratio << " times as tall as H";
    EXPECT_LT(ratio, 1.35f) << "中 is " << ratio << " times as tall as H";
    EXPECT_LE(chinese->Y1, font->FontSize) << "中 reaches below the line";
  }
  ImGui::DestroyContext();
}

// ImGui opened font files itself with fopen: a FIFO where a font was expected hung the
// start. The fonts are read through read_text_file; the built-in font stands in, and the
// warning says why.
TEST(GlyphNeeds, AFifoWhereAFontShouldBeIsRefusedAtOnce) {
  const std::string installed = "/usr/share/fonts/truetype/dejavu";
  if (!std::filesystem::exists(installed + "/DejaVuSansMono.ttf")) GTEST_SKIP() << "no DejaVu fonts in " << installed;
  cnn::testing::TempDir dir;
  for (const char* other : {"DejaVuSans-Oblique.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"})
    std::filesystem::create_symlink(installed + "/" + other, dir.file(other));
  const std::string fifo = dir.file("DejaVuSans.ttf");  // the body font, and ImGui's default
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  ASSERT_EQ(::setenv("WHYGPU_FONT_DIR", dir.path().c_str(), 1), 0);
  ImGui::CreateContext();
  Fonts fonts;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { fonts = build_fonts(1.0f, "en", {}); }));
  ::unsetenv("WHYGPU_FONT_DIR");
  EXPECT_NE(fonts.body, nullptr);
  EXPECT_NE(fonts.warning.english().find(fifo + ": is a named pipe (FIFO)"), std::string::npos)
      << fonts.warning.english();
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace whygpu::app
