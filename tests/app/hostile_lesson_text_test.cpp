// Lessons are documents anyone can write and share: whatever text they hold is shown as
// text. Each case here was an attack that crashed the app, showed memory addresses or
// froze a frame: a printf format in a unit, a 100 KB title, a 40,000-character caption.
// (A caption is drawn with TextUnformatted: no format is involved there.)
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "app/cli/cli_options.h"
#include "app/demo/script.h"
#include "app/files/untrusted_text.h"
#include "app/lesson/lesson_library.h"
#include "app/lesson/text_limits.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"

namespace whygpu::app {
namespace {

const std::string kFormat = "%s%n%p%999999999d";

std::filesystem::path fresh_folder(const std::string& name) {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-hostile-text" / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

// Renders `frames` frames of the open lesson and returns the text ImGui's widgets drew in
// the app's main window (the lesson list and the page), read through ImGui's own log: it is
// switched on after each frame and, when the main window ends, handed over as the
// clipboard's text (the only log that outlives the window). `between(frame)` runs after
// each frame's rendering.
std::string render_and_read(Shell& shell, int frames, const std::function<void(int)>& between = {}) {
  std::string seen;
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = frames;
  options.screenshot = (std::filesystem::temp_directory_path() / "whygpu-hostile-text" / "shot.png").string();
  int frame = 0;
  const int code = run_headless(shell, options, nullptr, [&] {
    if (between) between(frame++);
    frame_text::log_next_frame_into(&seen);
  });
  EXPECT_EQ(code, 0);
  return seen;
}

// Every text a lesson gives a widget that ImGui formats or logs. (Headings, paragraphs,
// bullets and callouts are placed word by word with ImDrawList::AddText, which formats
// nothing; the lesson list likewise.)
TEST(HostileLessonText, EveryTextFieldIsShownVerbatim) {
  const auto folder = fresh_folder("format");
  std::ofstream(folder / "a.lesson")
      << "id: formats\ntitle: T " << kFormat << "\nsection: S " << kFormat << "\n---\n"
      << "@predict result=speed unit=\"" << kFormat << "\" min=1 max=100 question=\"Q " << kFormat << "\" explain=\"E " << kFormat
      << "\"\n"
      << "@predict choices=\"one " << kFormat << "|two\" answer=1 question=\"C " << kFormat << "\" explain=\"F " << kFormat << "\"\n"
      << "```\ncode " << kFormat << "\n```\n"
      << "# H1 " << kFormat << "\nParagraph " << kFormat << "\n\n- bullet " << kFormat << "\n\n> callout " << kFormat
      << "\n";
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("formats"));
  // Three frames with the questions open, then both answered and three more frames.
  const std::string seen = render_and_read(shell, 6, [&shell](int frame) {
    if (frame != 2) return;
    EXPECT_TRUE(shell.answer_prediction("5"));
    EXPECT_TRUE(shell.answer_prediction("1"));
  });
  for (const char* part : {"T ", "S ", "Q ", "C ", "one ", "code ", "Your prediction: 5 ", "F "})
    EXPECT_NE(seen.find(part + kFormat), std::string::npos) << "'" << part << kFormat << "' not drawn verbatim in:\n"
                                                           << seen;
  // The number slider writes its value through a printf format that holds the unit.
  EXPECT_NE(seen.find("{ 10 " + kFormat + " }"), std::string::npos) << "the unit on the slider (at its middle, 10)";
  EXPECT_EQ(seen.find("(nil)"), std::string::npos) << "a pointer was formatted";
}

TEST(HostileLessonText, HugeTitleIsReportedAndTheAppKeepsDrawing) {
  const auto folder = fresh_folder("huge");
  std::ofstream(folder / "a.lesson") << "id: huge\ntitle: " << std::string(100000, 'W') << "\nsection: S\n---\nText.\n";
  std::ofstream(folder / "b.lesson") << "id: plain\ntitle: Plain\nsection: "
                                     << std::string(50000, 'S') << "\n---\n" << std::string(60000, 'P') << "\n";
  const LessonLibrary library = LessonLibrary::load(folder.string());
  ASSERT_EQ(library.lessons().size(), 2u);
  for (const Lesson& lesson : library.lessons()) {
    ASSERT_FALSE(lesson.errors.empty()) << lesson.id;
    EXPECT_LE(utf8_characters(lesson.title), kTitleLimit.characters + 3);
    EXPECT_LE(utf8_characters(lesson.section), kSectionLimit.characters + 3);
  }
  EXPECT_NE(library.lessons()[0].errors[0].message.find("a title is 100000 characters long (at most 120)"),
            std::string::npos)
      << library.lessons()[0].errors[0].message;
  // The sidebar draws every title and section; the page the long paragraph.
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("plain"));
  render_and_read(shell, 3);
}

TEST(HostileLessonText, HugeCaptionInAScriptIsRefusedWithItsLine) {
  Script script;
  std::string error;
  EXPECT_FALSE(parse_script("lesson x\ncaption " + std::string(40000, 'c') + "\n", "big.script", &script, &error));
  EXPECT_NE(error.find("big.script:2: a line is 40008 characters long (at most 2000)"), std::string::npos) << error;
  EXPECT_FALSE(parse_script("caption " + std::string(500, 'c') + "\n", "long.script", &script, &error));
  EXPECT_NE(error.find("long.script:1: a caption is 500 characters long (at most 400)"), std::string::npos) << error;
  EXPECT_TRUE(parse_script("caption " + std::string(400, 'c') + "\n", "fits.script", &script, &error)) << error;
}

TEST(UntrustedText, TerminalSeesEscapesNotControls) {
  EXPECT_EQ(terminal_safe("a\x1b]0;owned\x07 b"), "a\\x1b]0;owned\\x07 b");
  EXPECT_EQ(terminal_safe("\xc2\x9b" "31m"), "\\u009b31m");
  EXPECT_EQ(terminal_safe("caf\xc3\xa9 \xe4\xb8\xad"), "caf\xc3\xa9 \xe4\xb8\xad");  // printable UTF-8 unchanged
  EXPECT_EQ(as_literal_format("50% of %s"), "50%% of %%s");
}

TEST(TextLimits, CutsAtCharactersNotBytes) {
  const std::string chinese = "\xe4\xb8\xad\xe6\x96\x87";  // two characters, six bytes
  EXPECT_EQ(utf8_characters(chinese), 2u);
  EXPECT_EQ(within_limit(chinese, TextLimit{"x", 1}), "\xe4\xb8\xad...");
  EXPECT_EQ(within_limit(chinese, TextLimit{"x", 2}), chinese);
  EXPECT_EQ(over_limit(chinese, TextLimit{"a thing", 1}), "a thing is 2 characters long (at most 1)");
}

}  // namespace
}  // namespace whygpu::app
