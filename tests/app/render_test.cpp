// Renders every lesson headless (EGL: the NVIDIA driver on a GPU server, Mesa's llvmpipe
// in CI) and checks the pictures hold a page, not a blank or garbled frame.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "app/cli/cli_options.h"
#include "app/demo/script_player.h"
#include "app/files/file_locations.h"
#include "app/lesson/lesson_library.h"
#include "app/panels/panel_registry.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/source_tree.h"

namespace whygpu::app {
namespace {

using source_tree::lessons_folder;

// CTest sets WHYGPU_SOURCE_DIR; a test binary carried to another machine is pointed at
// the checkout there the same way.
std::filesystem::path output_folder() {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-ui-tests";
  std::filesystem::create_directories(folder);
  return folder;
}

struct Picture {
  int width = 0, height = 0;
  std::size_t distinct_colours = 0;
  double bright_fraction = 0;  // pixels much lighter than the dark background: text, panels
};

Picture look_at(const std::string& path) {
  Picture p;
  int channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &p.width, &p.height, &channels, 4);
  if (!pixels) return p;
  std::set<unsigned> colours;
  std::size_t bright = 0;
  const std::size_t count = static_cast<std::size_t>(p.width) * p.height;
  for (std::size_t i = 0; i < count; ++i) {
    const unsigned char* px = pixels + 4 * i;
    colours.insert(px[0] << 16 | px[1] << 8 | px[2]);
    if (px[0] + px[1] + px[2] > 3 * 150) ++bright;
  }
  stbi_image_free(pixels);
  p.distinct_colours = colours.size();
  p.bright_fraction = static_cast<double>(bright) / count;
  return p;
}

TEST(Lessons, EveryLessonParsesAndNamesKnownPanels) {
  const LessonLibrary library = LessonLibrary::load(lessons_folder());
  ASSERT_TRUE(library.folder_error().empty()) << library.folder_error().english();
  ASSERT_FALSE(library.lessons().empty());
  for (const Lesson& lesson : library.lessons()) {
    for (const LessonError& e : lesson.errors) ADD_FAILURE() << e.to_string();
    for (const LessonBlock& block : lesson.blocks) {
      if (block.kind != LessonBlock::Kind::panel) continue;
      EXPECT_NE(find_panel_type(block.panel_type), nullptr)
          << lesson.file << ":" << block.line << ": unknown panel " << block.panel_type;
    }
  }
}

TEST(HeadlessRender, EveryLessonRendersAPageWithTextAndNoErrors) {
  const LessonLibrary library = LessonLibrary::load(lessons_folder());
  for (const Lesson& lesson : library.lessons()) {
    SCOPED_TRACE(lesson.id);
    CliOptions options;
    options.headless = true;
    options.width = 1280;
    options.height = 720;
    options.screenshot = (output_folder() / (lesson.id + ".png")).string();
    std::filesystem::remove(options.screenshot);
    Shell shell(LessonLibrary::load(lessons_folder()), Settings{}, true);
    ASSERT_TRUE(shell.open_lesson(lesson.id));
    ASSERT_EQ(run_headless(shell, options, nullptr), 0);
    for (const std::string& error : shell.current_errors()) ADD_FAILURE() << error;
    const Picture picture = look_at(options.screenshot);
    EXPECT_EQ(picture.width, 1280);
    EXPECT_EQ(picture.height, 720);
    EXPECT_GT(picture.distinct_colours, 50u) << "a blank or flat frame";
    EXPECT_GT(picture.bright_fraction, 0.01) << "no text drawn";
    EXPECT_LT(picture.bright_fraction, 0.6) << "a washed-out frame";
  }
}

TEST(HeadlessRender, ScriptDrivesTheShellAndFailsClearly) {
  const auto folder = output_folder();
  const std::string shot = (folder / "script.png").string();
  std::filesystem::remove(shot);
  set_export_folder(folder.string());  // where a script's screenshot goes
  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("lesson cpu-vs-gpu\nfont-scale 2\ntheme light\nexpect-no-errors\nscreenshot script.png\n",
                           "ok.script", &script, &error));
  {
    ScriptPlayer player(script);
    Shell shell(LessonLibrary::load(lessons_folder()), Settings{}, true);
    CliOptions options;
    options.headless = true;
    options.width = 800;
    options.height = 600;
    EXPECT_EQ(run_headless(shell, options, &player), 0);
    EXPECT_FLOAT_EQ(shell.settings().font_scale, 2.0f);
    EXPECT_FALSE(shell.settings().dark_theme);
    const Picture light = look_at(shot);
    EXPECT_EQ(light.width, 800);
    EXPECT_GT(light.bright_fraction, 0.6) << "the light theme should be mostly light";
  }
  ASSERT_TRUE(parse_script("lesson cpu-vs-gpu\npress nosuchpanel run\n", "bad.script", &script, &error));
  ScriptPlayer player(script);
  Shell shell(LessonLibrary::load(lessons_folder()), Settings{}, true);
  CliOptions options;
  options.headless = true;
  options.width = 640;
  options.height = 480;
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_headless(shell, options, &player), 1);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("bad.script:2: no panel 'nosuchpanel'"), std::string::npos) << log;
}

TEST(HeadlessRender, BrokenLessonShowsItsErrorAndTheAppCarriesOn) {
  const auto folder = output_folder() / "broken-lessons";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "a.lesson") << "id: broken\ntitle: Broken\nsection: S\n---\nText.\n@panel no-such-panel\n";
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("broken"));
  CliOptions options;
  options.headless = true;
  options.width = 640;
  options.height = 480;
  options.screenshot = (output_folder() / "broken.png").string();
  EXPECT_EQ(run_headless(shell, options, nullptr), 0);
  const auto errors = shell.current_errors();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("a.lesson:6: unknown panel 'no-such-panel'"), std::string::npos) << errors[0];
}

}  // namespace
}  // namespace whygpu::app

namespace whygpu::app {
namespace {

TEST(HeadlessRender, DemoFromTheDemosFolderPlaysInsideTheRunningApp) {
  const auto folder = output_folder() / "demo-lessons";
  std::filesystem::create_directories(folder / "demos");
  std::ofstream(folder / "a.lesson") << "id: first\ntitle: First\nsection: S\n---\nOne.\n";
  std::ofstream(folder / "b.lesson") << "id: second\ntitle: Second\nsection: S\n---\nTwo.\n";
  const std::string shot = (output_folder() / "demo.png").string();
  std::filesystem::remove(shot);
  set_export_folder(output_folder().string());
  std::ofstream(folder / "demos" / "tour.script") << "next\nscreenshot demo.png\n";
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_EQ(shell.demo_files().size(), 1u);
  ASSERT_TRUE(shell.start_demo(shell.demo_files()[0]));
  CliOptions options;
  options.headless = true;
  options.width = 640;
  options.height = 480;
  options.frames = 8;
  options.screenshot = (output_folder() / "demo-final.png").string();
  ASSERT_EQ(run_headless(shell, options, nullptr), 0);
  EXPECT_EQ(shell.library().lessons()[shell.current_lesson()].id, "second");
  EXPECT_TRUE(std::filesystem::exists(shot)) << "the demo's own screenshot";
  EXPECT_FALSE(shell.start_demo((folder / "demos" / "missing.script").string()));
}

}  // namespace
}  // namespace whygpu::app
