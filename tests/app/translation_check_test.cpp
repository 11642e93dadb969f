// `whygpu --check-lessons` on translations (app/i18n/translation_check.h): each kind of problem
// is found in a copy of tests/app/translations broken one way, the good fixture passes,
// and a hostile translation is reported like a hostile lesson, never trusted.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/i18n/glyph_needs.h"
#include "app/i18n/language_fonts.h"
#include "app/i18n/translation_check.h"
#include "app/lesson/content_hash.h"
#include "app/lesson/text_limits.h"
#include "tests/app/translation_fixture.h"

namespace whygpu::app {
namespace {

using testing::TranslationFixture;

TranslationCheck check(const std::string& folder) {
  return check_translations(LessonLibrary::load(folder), folder + "/demos");
}

const LanguageCompleteness& of(const TranslationCheck& c, const std::string& language) {
  for (const LanguageCompleteness& l : c.languages)
    if (l.language == language) return l;
  throw std::out_of_range(language);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

bool cjk_font_installed() { return !cjk_face("zh-Hans").file.empty(); }

TEST(TranslationCheck, TheGoodFixturePassesAndCountsWhatIsMissing) {
  if (!cjk_font_installed()) GTEST_SKIP() << "no CJK font: the Chinese fixture cannot be drawn (install fonts-noto-cjk)";
  const TranslationCheck c = check(testing::translation_fixture_source());
  EXPECT_TRUE(c.failures.empty()) << joined(c.failures);
  ASSERT_EQ(c.languages.size(), 4u);
  EXPECT_EQ(of(c, "fr").lessons_current, 1);
  EXPECT_EQ(of(c, "fr").demos_current, 1);
  EXPECT_TRUE(of(c, "fr").missing.empty()) << joined(of(c, "fr").missing);
  EXPECT_EQ(of(c, "it").lessons_current, 1);
  EXPECT_EQ(of(c, "it").missing, std::vector<std::string>{testing::translation_fixture_source() + "/demos/01-lanes.it.script"});
  EXPECT_EQ(of(c, "zh-Hans").lessons_current, 1);
  EXPECT_EQ(of(c, "zh-Hans").demos_current, 1);
}

TEST(TranslationCheck, OutOfDateIsListedWithTheHashExpectedButIsNoFailure) {
  TranslationFixture fixture;
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson(), "# Lanes", "# Lanes and cores"));
  ASSERT_TRUE(TranslationFixture::edit(fixture.script(), "Count the lanes", "Count them"));
  const TranslationCheck c = check(fixture.folder());
  const std::string lesson_hash = translation_hash(TranslationFixture::read(fixture.lesson()));
  const std::string script_hash = translation_hash(TranslationFixture::read(fixture.script()));
  for (const char* language : {"fr", "it", "zh-Hans"}) {
    const std::string stale = joined(of(c, language).out_of_date);
    EXPECT_NE(stale.find(fixture.lesson(language) + ": out of date: it translates efba0536a744fbe0, the original is now " +
                         lesson_hash),
              std::string::npos)
        << language << ":\n" << stale;
    EXPECT_EQ(of(c, language).lessons_current, 0) << language;
  }
  EXPECT_NE(joined(of(c, "fr").out_of_date).find(fixture.script("fr") + ": out of date: it translates dba43fde9cf92264, "
                                                 "the original is now " + script_hash),
            std::string::npos);
  for (const std::string& failure : c.failures) EXPECT_EQ(failure.find("out of date"), std::string::npos) << failure;
}

TEST(TranslationCheck, MismatchedLessonsAndScriptsFail) {
  TranslationFixture fixture;
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("it"), "answer=2", "answer=1"));
  ASSERT_TRUE(TranslationFixture::edit(fixture.script("fr"), "lesson lanes", "lesson other"));
  const std::string failures = joined(check(fixture.folder()).failures);
  EXPECT_NE(failures.find(fixture.lesson("it") + ":21: @predict answer=1 differs from the original's answer=2"),
            std::string::npos)
      << failures;
  EXPECT_NE(failures.find(fixture.script("fr") + ":4: 'lesson' differs from the original's line 2"), std::string::npos)
      << failures;
}

TEST(TranslationCheck, ACharacterTheLanguagesFontsLackFails) {
  TranslationFixture fixture;
  // Chinese in the French page: DejaVu, French's font, has no glyph for it. A private-use
  // character has a glyph in no font.
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "# Les voies", "# Les voies \xe4\xb8\xad"));
  ASSERT_TRUE(TranslationFixture::edit(fixture.script("fr"), "Comptez", "Comptez \xee\x80\x80"));
  const std::string failures = joined(check(fixture.folder()).failures);
  EXPECT_NE(failures.find(fixture.lesson("fr") + ":7: '\xe4\xb8\xad' (U+4E2D) cannot be drawn in fr (fonts: DejaVuSans.ttf)"),
            std::string::npos)
      << failures;
  EXPECT_NE(failures.find(fixture.script("fr") + ":5: "), std::string::npos) << failures;
  EXPECT_NE(failures.find("(U+E000) cannot be drawn in fr"), std::string::npos) << failures;
}

TEST(TranslationCheck, ChineseDrawsWithTheCjkFontOfItsLanguage) {
  if (!cjk_font_installed()) GTEST_SKIP() << "no CJK font installed";
  const GlyphCoverage simplified("zh-Hans"), traditional("zh-Hant"), french("fr");
  EXPECT_TRUE(simplified.problem().empty()) << simplified.problem();
  for (const char32_t c : {U'\u4E2D', U'\u7EBF' /* 线, simplified */, U'\u7DDA' /* 線, traditional */, U'\u00E9'}) {
    EXPECT_TRUE(simplified.can_draw(c)) << static_cast<unsigned>(c);
    EXPECT_TRUE(traditional.can_draw(c)) << static_cast<unsigned>(c);
  }
  EXPECT_FALSE(french.can_draw(U'\u4E2D'));
  EXPECT_TRUE(french.can_draw(U'\u0153'));  // œ
  EXPECT_FALSE(simplified.can_draw(U'\uE000'));
  EXPECT_FALSE(simplified.can_draw(U'\U0001F600')) << "beyond 16 bits ImGui 1.86 draws nothing";
}

TEST(TranslationCheck, OrphansAndUnknownLanguagesFail) {
  TranslationFixture fixture;
  std::filesystem::copy_file(fixture.lesson("fr"), fixture.folder() + "/01-basics/01-lanes.de.lesson");
  std::filesystem::rename(fixture.script("fr"), fixture.folder() + "/demos/02-gone.fr.script");
  const TranslationCheck c = check(fixture.folder());
  const std::string failures = joined(c.failures);
  EXPECT_NE(failures.find("01-lanes.de.lesson:1: unknown language 'de'"), std::string::npos) << failures;
  EXPECT_NE(failures.find("02-gone.fr.script:1: a translation of " + fixture.folder() + "/demos/02-gone.script"),
            std::string::npos)
      << failures;
  EXPECT_EQ(of(c, "fr").missing, std::vector<std::string>{fixture.script("fr")});
}

// A translation is a document anyone can write, like a lesson: its text is bounded, its
// control characters never reach the atlas or a terminal unescaped, a format in it stays
// text, and the page that cannot trust it shows English instead.
TEST(TranslationCheck, AHostileTranslationIsReportedAndBounded) {
  TranslationFixture fixture;
  const std::string format = "%s%n%p%999999999d";
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "title: Voies et threads",
                                       "title: " + std::string(100000, 'W')));
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "# Les voies", "# Les voies \x1b]0;owned\x07 " + format));
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "Combien de warps", format + " warps"));
  ASSERT_TRUE(TranslationFixture::edit(fixture.script("fr"), "Comptez les voies", std::string(500, 'c')));
  TranslationFixture::write(fixture.lesson("it"), std::string(5 << 20, 'x'));  // over the 4 MiB a lesson may be

  LessonLibrary library = LessonLibrary::load(fixture.folder());
  const Lesson& fr = library.translations(0).at("fr").lesson;
  EXPECT_LE(utf8_characters(fr.title), kTitleLimit.characters + 3);
  const TranslationCheck c = check_translations(library, fixture.folder() + "/demos");
  const std::string failures = joined(c.failures);
  EXPECT_NE(failures.find(fixture.lesson("fr") + ":2: a title is 100000 characters long (at most 120)"),
            std::string::npos)
      << failures.substr(0, 2000);
  EXPECT_NE(failures.find(fixture.script("fr") + ":5: a caption is 538 characters long (at most 400)"),
            std::string::npos)
      << failures.substr(0, 2000);
  EXPECT_NE(failures.find(fixture.lesson("it") + ":0: 5242880 bytes, larger than 4194304 bytes, not read"), std::string::npos) << failures.substr(0, 2000);
  // The format is kept as text (the page draws it unformatted: hostile_lesson_text_test).
  bool format_kept = false;
  for (const LessonBlock& block : fr.blocks)
    if (block.kind == LessonBlock::Kind::predict) format_kept = block.params.at("question") == format + " warps forme un bloc de 96 threads ?";
  EXPECT_TRUE(format_kept);
  // Control characters are not characters to draw: no glyph is asked for them.
  for (const char32_t c : code_points_of(fr.blocks[0].spans[0].text)) EXPECT_GE(c, 0x20u);

  library.set_language("it");
  EXPECT_EQ(library.lessons()[0].title, "Lanes and threads") << "the unreadable Italian file shows English";
  EXPECT_EQ(library.english_because(0), TranslationState::mismatched);
}

}  // namespace
}  // namespace whygpu::app
