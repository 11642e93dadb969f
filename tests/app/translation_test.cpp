// Translated lessons and demos (lessons/FORMAT.md, "Translations"): which files are
// translations, the hash they record, the library showing each lesson in the language
// asked for (else English, saying why), and the demo played in that language.
#include <gtest/gtest.h>

#include <string>

#include "app/demo/script.h"
#include "app/lesson/content_hash.h"
#include "app/lesson/lesson_library.h"
#include "app/lesson/translation.h"
#include "tests/app/translation_fixture.h"

namespace whygpu::app {
namespace {

using testing::TranslationFixture;

TEST(ContentHash, MatchesSha256sum) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // 56 bytes: the length no longer fits the first padded block.
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(translation_hash("abc"), "ba7816bf8f01cfea");
}

TEST(TranslationFiles, TheLanguageComesFromTheName) {
  EXPECT_EQ(language_of_file("lessons/02-cpu-vs-gpu/02-vector-add-crossover.fr.lesson"), "fr");
  EXPECT_EQ(language_of_file("lessons/demos/01-the-gpu-in-ten-minutes.zh-Hant.script"), "zh-Hant");
  EXPECT_EQ(language_of_file("lessons/02-cpu-vs-gpu/02-vector-add-crossover.lesson"), "");
  EXPECT_EQ(language_of_file("lessons/a/01-v2.lesson"), "");
  EXPECT_EQ(language_of_file("lessons/a/01.x-.lesson"), "") << "a tag ends with a letter or digit";
  EXPECT_EQ(original_of("lessons/a/02-x.zh-Hans.lesson"), "lessons/a/02-x.lesson");
  EXPECT_EQ(original_of("lessons/a/02-x.lesson"), "lessons/a/02-x.lesson");
  EXPECT_EQ(translation_path("lessons/demos/01-d.script", "it"), "lessons/demos/01-d.it.script");
}

TEST(TranslatedLessons, AreNotLessonsOfTheirOwn) {
  const LessonLibrary library = LessonLibrary::load(testing::translation_fixture_source());
  ASSERT_EQ(library.lessons().size(), 1u) << "the translations are listed as lessons";
  EXPECT_EQ(library.lessons()[0].title, "Lanes and threads");
  EXPECT_EQ(library.translations(0).count("fr"), 1u);
  EXPECT_EQ(library.translations(0).count("zh-Hans"), 1u);
  for (const auto& [language, translation] : library.translations(0)) {
    EXPECT_EQ(translation.state, TranslationState::current) << language;
    EXPECT_TRUE(translation.mismatches.empty()) << language << ": " << translation.mismatches.front();
    EXPECT_TRUE(translation.lesson.errors.empty()) << language << ": " << translation.lesson.errors.front().to_string();
  }
}

TEST(TranslatedLessons, ShowInTheLanguageAskedForElseInEnglishSayingWhy) {
  LessonLibrary library = LessonLibrary::load(testing::translation_fixture_source());
  library.set_language("fr");
  EXPECT_EQ(library.lessons()[0].title, "Voies et threads");
  EXPECT_EQ(library.sections()[0].title, "1. Les bases");
  EXPECT_EQ(library.english_because(0), TranslationState::current);
  EXPECT_EQ(english_page_note(library.english_because(0)), "");
  EXPECT_EQ(library.find("lanes"), 0) << "scripts address a lesson by its id in every language";

  library.set_language("de");  // no such translation
  EXPECT_EQ(library.lessons()[0].title, "Lanes and threads");
  EXPECT_EQ(library.sections()[0].title, "1. Basics");
  EXPECT_EQ(library.english_because(0), TranslationState::missing);
  EXPECT_NE(english_page_note(TranslationState::missing).find("not been translated"), std::string::npos);

  library.set_language("en");
  EXPECT_EQ(library.lessons()[0].title, "Lanes and threads");
  EXPECT_EQ(library.english_because(0), TranslationState::current);
}

TEST(TranslatedLessons, AnEditedOriginalPutsItsTranslationsOutOfDate) {
  TranslationFixture fixture;
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson(), "wide.", "wide, and the data are on the GPU."));
  LessonLibrary library = LessonLibrary::load(fixture.folder());
  library.set_language("zh-Hans");
  EXPECT_EQ(library.lessons()[0].title, "Lanes and threads");
  EXPECT_EQ(library.english_because(0), TranslationState::out_of_date);
  EXPECT_NE(english_page_note(TranslationState::out_of_date).find("out of date"), std::string::npos);
}

// Each way a translation can change more than words is found, with the line it is on.
TEST(TranslatedLessons, EachKindOfMismatchIsFound) {
  struct Case {
    const char* name;
    const char* from;
    const char* to;
    const char* expected;
  };
  const Case cases[] = {
      {"a panel parameter", "block_x=96", "block_x=128", "block_x=128 differs from the original's block_x=96"},
      {"a panel type", "@panel thread-grid", "@panel hardware", "@panel hardware where the original has @panel thread-grid"},
      {"a key added", "occupancy=false", "occupancy=false picture=false", "has picture=, which the original has not"},
      {"a choice dropped", "choices=\"1|3|96\"", "choices=\"1|3\"", "@predict has 2 choices, the original 3"},
      {"the answer", "answer=2", "answer=3", "answer=3 differs from the original's answer=2"},
      {"a fact", "{fact:cnn.train_images}", "{fact:cnn.test_images}", "lacks the original's {fact:cnn.train_images}"},
      {"the code", "c[i] = a[i] + b[i];", "c[i] = a[i] * b[i];", "code block differs from the original's"},
      {"the id", "id: lanes", "id: voies", "id 'voies' differs from the original's 'lanes'"},
      {"the language", "language: fr", "language: it", "language: 'it' where the file name says 'fr'"},
      {"a directive dropped", "@panel thread-grid n=1000 block_x=96 color=warp timeline=false occupancy=false\n", "",
       "1 @panel and @predict lines, the original 2"},
  };
  for (const Case& c : cases) {
    TranslationFixture fixture;
    ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), c.from, c.to)) << c.name;
    LessonLibrary library = LessonLibrary::load(fixture.folder());
    const LessonTranslation& fr = library.translations(0).at("fr");
    EXPECT_EQ(fr.state, TranslationState::mismatched) << c.name;
    std::string all;
    for (const std::string& m : fr.mismatches) all += m + "\n";
    EXPECT_NE(all.find(c.expected), std::string::npos) << c.name << ":\n" << all;
    EXPECT_NE(all.find(fixture.lesson("fr") + ":"), std::string::npos) << c.name << ": names the file\n" << all;
    library.set_language("fr");
    EXPECT_EQ(library.lessons()[0].title, "Lanes and threads") << c.name << ": a mismatched translation is not shown";
    EXPECT_EQ(library.english_because(0), TranslationState::mismatched) << c.name;
  }
}

TEST(TranslatedLessons, TheTextOfQuestionsMayChangeButNotTheirSettings) {
  TranslationFixture fixture;
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "Combien de warps", "Combien de warps (groupes de 32)"));
  ASSERT_TRUE(TranslationFixture::edit(fixture.lesson("fr"), "{fact:cnn.train_images} chiffres.",
                                       "chiffres, {fact:cnn.train_images} en tout."));
  const LessonLibrary library = LessonLibrary::load(fixture.folder());
  const LessonTranslation& fr = library.translations(0).at("fr");
  EXPECT_TRUE(fr.mismatches.empty()) << fr.mismatches.front();
  EXPECT_EQ(fr.state, TranslationState::current);
}

TEST(TranslatedLessons, ATranslationWithoutItsOriginalIsReported) {
  TranslationFixture fixture;
  std::filesystem::rename(fixture.lesson("fr"), fixture.folder() + "/01-basics/02-renamed.fr.lesson");
  const LessonLibrary library = LessonLibrary::load(fixture.folder());
  ASSERT_EQ(library.orphan_translations().size(), 1u);
  EXPECT_NE(library.orphan_translations()[0].message.find("02-renamed.lesson, which does not exist"), std::string::npos);
  EXPECT_EQ(library.lessons().size(), 1u);
}

TEST(TranslatedScripts, LanguageAndTranslatesAreMetadataNotActions) {
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("# comment\nlanguage fr\ntranslates 0123456789abcdef\nlesson x\n", "a.fr.script", &script,
                           &error))
      << error;
  EXPECT_EQ(script.language, "fr");
  EXPECT_EQ(script.translates, "0123456789abcdef");
  ASSERT_EQ(script.actions.size(), 1u);
  EXPECT_EQ(script.actions[0].verb, "lesson");
  EXPECT_FALSE(parse_script("language fr\nlanguage it\n", "b.script", &script, &error));
  EXPECT_EQ(error, "b.script:2: 'language' is given twice");
  EXPECT_FALSE(parse_script("translates\n", "c.script", &script, &error));
  EXPECT_NE(error.find("c.script:1: 'translates' takes 1 argument(s), got 0"), std::string::npos) << error;
}

TEST(TranslatedScripts, TheDemoPlaysInTheLanguageAskedForElseInEnglish) {
  TranslationFixture fixture;
  TranslationState why = TranslationState::mismatched;
  EXPECT_EQ(script_in_language(fixture.script(), "fr", &why), fixture.script("fr"));
  EXPECT_EQ(why, TranslationState::current);
  EXPECT_EQ(script_in_language(fixture.script(), "it", &why), fixture.script());
  EXPECT_EQ(why, TranslationState::missing);
  EXPECT_EQ(script_in_language(fixture.script(), "en", &why), fixture.script());
  EXPECT_EQ(why, TranslationState::current);

  ASSERT_TRUE(TranslationFixture::edit(fixture.script("zh-Hans"), "wait 2", "wait 3"));
  EXPECT_EQ(script_in_language(fixture.script(), "zh-Hans", &why), fixture.script());
  EXPECT_EQ(why, TranslationState::mismatched);

  ASSERT_TRUE(TranslationFixture::edit(fixture.script(), "wait 2", "wait 4"));
  EXPECT_EQ(script_in_language(fixture.script(), "fr", &why), fixture.script());
  EXPECT_EQ(why, TranslationState::mismatched) << "the French script now differs in a command too";
}

TEST(TranslatedScripts, OnlyCaptionsMayDiffer) {
  TranslationFixture fixture;
  ASSERT_TRUE(TranslationFixture::edit(fixture.script(), "Count the lanes", "Count the lanes again"));
  TranslationState why = TranslationState::current;
  EXPECT_EQ(script_in_language(fixture.script(), "fr", &why), fixture.script());
  EXPECT_EQ(why, TranslationState::out_of_date) << "a changed caption changes the hash: out of date, not mismatched";

  Script original, translated;
  std::string error;
  ASSERT_TRUE(parse_script("lesson a\ncaption \"Hello\"\ncaption\n", "x.script", &original, &error));
  ASSERT_TRUE(parse_script("language fr\ntranslates h\nlesson a\ncaption \"Bonjour\"\ncaption \"Salut\"\n", "x.fr.script",
                           &translated, &error));
  const auto problems = script_mismatches(original, translated);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "x.fr.script:5: 'caption' differs from the original's line 3 ('caption'): only captions are translated");
}

}  // namespace
}  // namespace whygpu::app
