// Every lesson rendered in the pseudo-language (po/pseudo_po.py: each string accented,
// about 40% longer, in brackets) at projector size, 1280x720 with text x2, to find
// (a) interface text drawn plain, in unaccented English: a string never marked for
//     translation (lesson content, which translated lesson files carry, is left out);
// (b) pseudo-language labels and buttons cut off: French and Italian run a fifth longer
//     than English, so a label that only just fits in English will not fit there.
// The text is what ImGui's widgets log (tests/app/frame_text.h): labels, buttons, tables,
// menus, the status bar; paragraphs and plots are drawn glyph by glyph and are not in it.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/cli_options.h"
#include "app/demo/script.h"
#include "app/demo/script_player.h"
#include "app/files/file_locations.h"
#include "app/i18n/language.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "compute/core/text_file.h"
#include "frame_text.h"
#include "layout_audit.h"

namespace whygpu::app {
namespace {

std::string lessons_folder() {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return std::string(source && *source ? source : WHYGPU_SOURCE_DIR) + "/lessons";
}

// Words that are data, not interface text: what the machine, a recording or the app's
// name says, the same in every language; library and model names; units; the keywords of
// the C++ and CUDA code the pages show as code; the names of maths functions in formulas;
// the photo's credit; the title of ImGui's implicit window.
const std::set<std::string> kDataWords = {
    "whygpu", "llvmpipe", "Mesa",     "LLVM",  "Intel",  "Xeon",    "AMD",   "EPYC", "Core", "Processor",
    "NVIDIA", "GeForce",  "Tesla",    "HBM",   "PCIe",   "SXM",     "OpenBLAS", "PyTorch", "cuDNN", "ReLU",
    "GiB",    "cudaErrorInvalidValue", "const",    "void",     "int",   "float",  "extern",  "auto",  "true", "false",
    "tanh",   "exp",      "sqrt",     "log",   "LadyBird", "Charles", "Barbin", "Debian",
    "Debug"};  // ImGui's own window

bool plain_ascii_word(const std::string& word) {
  return word.size() >= 3 &&
         std::all_of(word.begin(), word.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }) &&
         std::any_of(word.begin() + 1, word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// The English words of `line` that are not inside a pseudo-language string and do not
// come from `lesson_words`: "[Ŕûñ··] Cancel" gives {"Cancel"}. Whatever a pseudo string
// holds (its {0}, a file name, a number) is inside its brackets and is not looked at;
// names with a path, an underscore, a dash or a dot inside are identifiers, not words.
std::vector<std::string> unmarked_words(std::string line, const std::set<std::string>& lesson_words) {
  static const std::regex pseudo_string(R"(\[[^\[\]]*[\x80-\xff][^\[\]]*\])");
  for (std::string before; before != line;) {
    before = line;
    line = std::regex_replace(line, pseudo_string, " ");
  }
  std::vector<std::string> found;
  std::istringstream tokens(line);
  for (std::string token; tokens >> token;) {
    const std::size_t first = token.find_first_not_of("(\"'<[{");
    const std::size_t last = token.find_last_not_of(")\"'>]},.:;!?");
    if (first == std::string::npos || last == std::string::npos || last < first) continue;
    const std::string word = token.substr(first, last - first + 1);
    if (!plain_ascii_word(word) || kDataWords.count(word) || lesson_words.count(word)) continue;
    found.push_back(word);
  }
  return found;
}

std::set<std::string> words_of(const std::string& text) {
  std::set<std::string> words;
  std::string word;
  for (const char c : text + " ") {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
      word += c;
    else if (!word.empty())
      words.insert(std::exchange(word, {}));
  }
  return words;
}

struct PseudoAudit {
  std::map<std::string, std::string> unmarked;  // word -> a line it was drawn in
  std::vector<LayoutProblem> clipped;
};

bool pseudo_text(const std::string& text) {
  return text.find("\xc2\xb7") != std::string::npos || std::any_of(text.begin(), text.end(), [](char c) {
           return static_cast<unsigned char>(c) >= 0xc3;  // a letter with a mark: é, ñ, ŕ ...
         });
}

PseudoAudit audit_lesson(const LessonLibrary& library, const Lesson& lesson) {
  Settings settings;
  settings.font_scale = 2.0f;
  std::string lesson_text;
  EXPECT_TRUE(read_text_file(lesson.file, &lesson_text)) << lesson.file;
  // The lesson list shows every lesson's title and section: lesson content too.
  for (const Lesson& other : library.lessons()) lesson_text += "\n" + other.title + "\n" + other.section;
  const std::set<std::string> lesson_words = words_of(lesson_text);
  std::string actions;
  for (const LessonBlock& block : lesson.blocks)
    if (block.kind == LessonBlock::Kind::predict && actions.empty()) actions = "predict skip\n";
  Shell shell(library, settings, true);
  EXPECT_TRUE(shell.open_lesson(lesson.id)) << lesson.id;
  Script script;
  std::string error;
  EXPECT_TRUE(parse_script(actions + "wait 20\n", "pseudo.script", &script, &error)) << error;
  ScriptPlayer player(script);
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  PseudoAudit audit;
  std::set<std::string> seen_problems;
  std::string text;
  const auto inspect = [&] {
    if (ImGui::GetFrameCount() >= 3) {
      for (LayoutProblem& p : find_layout_problems())
        if (p.what.rfind("text '", 0) == 0 && p.what.find(" cut ") != std::string::npos && pseudo_text(p.what) &&
            seen_problems.insert(p.window + "|" + p.what).second)
          audit.clipped.push_back(std::move(p));
      for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && w->ScrollMax.y > 0.0f)
          ImGui::SetScrollY(w, std::min(w->ScrollMax.y, w->Scroll.y + w->InnerRect.GetHeight() * 0.9f));
    }
    frame_text::log_next_frame_into(&text);
  };
  EXPECT_EQ(run_headless(shell, options, &player, inspect), 0);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    for (const std::string& word : unmarked_words(line, lesson_words)) audit.unmarked.emplace(word, line);
  return audit;
}

TEST(PseudoLanguage, TheFilterFindsPlainEnglishOutsidePseudoStrings) {
  const std::set<std::string> lesson = {"warp"};
  EXPECT_EQ(unmarked_words("[\xc5\x94\xc3\xbb\xc3\xb1\xc2\xb7\xc2\xb7] Cancel", lesson),
            std::vector<std::string>{"Cancel"});
  EXPECT_TRUE(unmarked_words("[\xc5\x94\xc3\xbb\xc3\xb1 run.csv llvmpipe 12 ms]", lesson).empty());
  EXPECT_TRUE(unmarked_words("warp GPU 12 ms block_x vector-add /tmp/out", lesson).empty());
  EXPECT_EQ(unmarked_words("Launch (warp)", lesson), std::vector<std::string>{"Launch"});
}

// Pages whose pseudo-language labels still clip at 1280x720, text x2 (2026-11-27, first
// run): mostly the layout audit's pages still at fault in English (layout_test.cpp), their
// long lines now longer. A page not listed that clips fails the test.
// 2026-11-28: inference-batch, mixed-precision and transfer-learning fit; the first letter
// of a wrapped line that the pseudo-language starts with 'ƒ' reaches 2 px left of the page
// on dense-layer, occupancy and your-hardware (the glyph's own overhang).
const std::set<std::string> kStillClipping = {
    "cnn-augmentation", "cnn-batches", "cnn-draw", "cnn-forward-backward", "data-parallel", "data-pipeline",
    "dense-layer",      "occupancy",   "roofline", "waves",                "your-hardware"};

// Words still drawn in plain English somewhere: names in the code the host-program page
// shows ("bytes", "start"), the corpus's own words in the LSTM's prime text (data), and
// texts made in compute/ that a run meets only when its loading is slow (the MNIST and
// corpus loaders' progress lines). The recorded timelines' descriptions and the comments
// in the host program's and the kernel lab's code are translated since 2026-11-29 (their
// words are off the list). Any other word fails the test. Which of these a run meets
// depends on what has loaded by its frames, so a word no page drew is reported, not
// failed; take it off once its string is marked.
const std::set<std::string> kStillEnglish = {
    "augment", "bytes", "declarations", "digits", "distinct", "flo", "floa", "handwritten", "newest", "normalise",
    "Opened", "paused", "people", "reading", "resize", "rotate", "sample", "size", "start", "States", "steps",
    "this", "tru", "United", "weights"};

TEST(PseudoLanguage, EveryLessonIsTranslatedAndFitsAtProjectorSize) {
  start_translations(locale_folder(), "en@pseudo");
  ASSERT_EQ(current_language(), "en@pseudo");
  const LessonLibrary library = LessonLibrary::load(lessons_folder());
  ASSERT_FALSE(library.lessons().empty());
  const char* only = std::getenv("WHYGPU_LAYOUT_LESSON");  // one lesson, while fixing it
  std::set<std::string> clipping, still_english_seen;
  for (const Lesson& lesson : library.lessons()) {
    if (only && *only && lesson.id != only) continue;
    const PseudoAudit audit = audit_lesson(library, lesson);
    for (const auto& [word, line] : audit.unmarked)
      if (kStillEnglish.count(word)) still_english_seen.insert(word);
      else ADD_FAILURE() << lesson.id << ": '" << word << "' is drawn in plain English (never marked?) in: " << line;
    if (audit.clipped.empty()) continue;
    clipping.insert(lesson.id);
    std::string report;
    for (const LayoutProblem& p : audit.clipped) report += "  " + to_string(p) + "\n";
    if (kStillClipping.count(lesson.id))
      std::printf("still clipping: %s\n%s", lesson.id.c_str(), report.c_str());
    else
      ADD_FAILURE() << lesson.id << ": pseudo-language text cut off at 1280x720, text x2:\n" << report;
  }
  start_translations(locale_folder(), "en");
  if (only && *only) return;
  // What a page shows by its last frame depends on what has loaded (cnn-draw and
  // cnn-augmentation each fitted in one run of three): a listed page that fits is reported.
  for (const std::string& id : kStillClipping)
    if (!clipping.count(id)) std::printf("%s fits this run: take it off kStillClipping once it always does\n", id.c_str());
  for (const std::string& word : kStillEnglish)
    if (!still_english_seen.count(word)) std::printf("no page drew '%s' in plain English this run\n", word.c_str());
}

}  // namespace
}  // namespace whygpu::app
