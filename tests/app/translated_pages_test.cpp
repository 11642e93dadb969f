// A translated lesson opened in each language at projector size (1280x720, text x2): the
// page shows the translation (or English, with the note saying why), and every character
// it draws has a glyph in the atlas built for that language: no U+FFFD boxes, no "?".
#include <gtest/gtest.h>
#include <imgui.h>

#include <ostream>
#include <string>
#include <vector>

#include "app/cli/cli_options.h"
#include "app/i18n/glyph_needs.h"
#include "app/i18n/language_fonts.h"
#include "app/i18n/language_text.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"
#include "tests/app/translation_fixture.h"

namespace whygpu::app {
namespace {

// The characters of `text` some font of the atlas has no glyph for (each font is asked:
// headings, strong and code are fonts of their own).
std::vector<char32_t> undrawn(const std::string& text) {
  std::vector<char32_t> missing;
  for (const char32_t c : code_points_of(text))
    for (ImFont* font : ImGui::GetIO().Fonts->Fonts)
      if (c > 0xFFFF || !font->FindGlyphNoFallback(static_cast<ImWchar>(c))) {
        missing.push_back(c);
        break;
      }
  return missing;
}

struct Page {
  std::string language;
  std::string title;      // what the page's heading must say
  bool note;              // the page is in English, saying why
  std::string interface;  // an interface string in that language, whose characters the atlas takes
};
void PrintTo(const Page& page, std::ostream* out) { *out << page.language; }

class TranslatedPage : public ::testing::TestWithParam<Page> {};

TEST_P(TranslatedPage, DrawsEveryCharacterAtProjectorSize) {
  const Page& page = GetParam();
  if (language_needs_cjk(page.language) && cjk_face(page.language).file.empty())
    GTEST_SKIP() << "no CJK font installed (fonts-noto-cjk)";
  Settings settings;
  settings.font_scale = 2.0f;
  Shell shell(LessonLibrary::load(testing::translation_fixture_source()), settings, true);
  shell.set_lesson_language(page.language, {page.interface});
  ASSERT_TRUE(shell.open_lesson("lanes"));
  const Lesson& lesson = shell.library().lessons()[shell.current_lesson()];
  EXPECT_EQ(lesson.title, page.title);

  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = 4;
  options.screenshot = (std::filesystem::temp_directory_path() / ("whygpu-translated-" + page.language + ".png")).string();
  std::string seen;
  std::vector<char32_t> missing, control;
  int frames = 0;
  const int code = run_headless(shell, options, nullptr, [&] {
    // The text of the frame before (logged widgets), and everything the page shows
    // (paragraphs are placed word by word and not logged), against this atlas.
    if (frames++ == 0) control = undrawn("\u9f98");  // no page shows it: the check can fail
    std::string shown = seen + page.interface;
    for (const ShownText& text : lesson_shown_text(lesson)) shown += text.text;
    for (const char32_t c : undrawn(shown)) missing.push_back(c);
    frame_text::log_next_frame_into(&seen);
  });
  EXPECT_EQ(code, 0);
  EXPECT_EQ(control, std::vector<char32_t>{0x9F98}) << "a character no page shows was found in the atlas";
  EXPECT_TRUE(missing.empty()) << page.language << ": " << missing.size() << " characters without a glyph, the first U+"
                               << std::hex << static_cast<unsigned>(missing.front());
  EXPECT_NE(seen.find(page.title), std::string::npos) << "the title is not drawn:\n" << seen;
  EXPECT_EQ(seen.find("This page is in English") != std::string::npos, page.note) << seen;
}

INSTANTIATE_TEST_SUITE_P(
    EachLanguage, TranslatedPage,
    ::testing::Values(Page{"en", "Lanes and threads", false, "Settings"},
                      Page{"fr", "Voies et threads", false, "Param\u00e8tres \u00ab\u00a0\u0152uvre\u00a0\u00bb"},
                      Page{"it", "Corsie e thread", false, "Impostazioni \u00e8 \u00c8"},
                      Page{"zh-Hans", "\u901a\u9053\u4e0e\u7ebf\u7a0b", false, "\u8bbe\u7f6e"},
                      Page{"zh-Hant", "\u901a\u9053\u8207\u57f7\u884c\u7dd2", false, "\u8a2d\u5b9a"},
                      Page{"de", "Lanes and threads", true, "Einstellungen \u00df"}),  // no German: English, with the note
    [](const ::testing::TestParamInfo<Page>& info) {
      std::string name = info.param.language;
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

}  // namespace
}  // namespace whygpu::app
