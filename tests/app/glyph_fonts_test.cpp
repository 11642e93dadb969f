#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdlib>
#include <filesystem>

#include "app/glyph_needs.h"
#include "app/ui_style.h"
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

  const Fonts fonts = build_fonts(1.0f);
  ASSERT_TRUE(fonts.warning.empty()) << fonts.warning;  // DejaVu is installed (fonts-dejavu-core)
  EXPECT_NE(fonts.body->FindGlyphNoFallback(0x0416), nullptr);
  EXPECT_NE(fonts.code->FindGlyphNoFallback(0x044F), nullptr);
  EXPECT_EQ(fonts.body->FallbackChar, 0xFFFD) << "a missing glyph shows as the replacement box, not '?'";
  const bool cjk = fonts.body->FindGlyphNoFallback(0x4E2D) != nullptr;
  std::vector<char32_t> expected_missing{0xE000};
  if (!cjk) expected_missing = {0x4E2D, 0x6587, 0xE000};  // no CJK font on this machine
  EXPECT_EQ(fonts.missing_glyphs, expected_missing);
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
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { fonts = build_fonts(1.0f); }));
  ::unsetenv("WHYGPU_FONT_DIR");
  EXPECT_NE(fonts.body, nullptr);
  EXPECT_NE(fonts.warning.find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << fonts.warning;
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace whygpu::app
