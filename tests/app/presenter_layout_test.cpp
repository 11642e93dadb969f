// At the projector: in presenter mode the page takes the whole width (no lesson list, no
// frame counter), and a caption has a band of its own under the page, which shrinks to
// make room, so the caption never covers what the teacher is talking about.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // the frame's windows and their rectangles

#include <cstdlib>
#include <string>
#include <utility>

#include "app/cli/cli_options.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"
#include "tests/app/source_tree.h"

namespace whygpu::app {
namespace {

using source_tree::lessons_folder;

// The frame's child window of the main window whose name starts with `name`, or null.
ImGuiWindow* child_named(const char* name) {
  const std::string prefix = std::string("whygpu/") + name + "_";
  for (ImGuiWindow* w : GImGui->Windows)
    if (w->Active && std::string(w->Name).rfind(prefix, 0) == 0) return w;
  return nullptr;
}

struct Seen {
  ImRect body, caption, viewport;
  float font_size = 0.0f;
  bool caption_found = false, body_found = false;
  std::string text;     // what the main window's widgets wrote in the last whole frame (ImGui's log)
  std::string logging;  // the frame being logged
};

Seen render(Shell& shell, float scale) {
  EXPECT_TRUE(shell.set_font_scale(scale));
  Seen seen;
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = 4;
  options.screenshot = testing::TempDir() + "presenter.png";
  run_headless(shell, options, nullptr, [&seen] {
    if (ImGuiWindow* body = child_named("body")) seen.body = body->Rect(), seen.body_found = true;
    if (ImGuiWindow* caption = child_named("caption")) seen.caption = caption->Rect(), seen.caption_found = true;
    seen.font_size = ImGui::GetFontSize();
    const ImGuiViewport* v = ImGui::GetMainViewport();
    seen.viewport = ImRect(v->Pos, ImVec2(v->Pos.x + v->Size.x, v->Pos.y + v->Size.y));
    if (!seen.logging.empty()) seen.text = std::exchange(seen.logging, {});
    frame_text::log_next_frame_into(&seen.logging);
  });
  return seen;
}

TEST(PresenterLayout, ACaptionHasItsOwnBandAndCoversNothing) {
  for (const float scale : {1.5f, 2.0f}) {
    SCOPED_TRACE(scale);
    Shell shell(LessonLibrary::load(lessons_folder()), Settings{}, true);
    ASSERT_TRUE(shell.open_lesson("vector-add-crossover"));
    shell.set_presenter_mode(true);
    shell.set_caption("From what vector size did the H100 beat one CPU core? Vote, then we measure our CPU, and "
                      "watch the two curves cross.");
    const Seen seen = render(shell, scale);
    ASSERT_TRUE(seen.body_found);
    ASSERT_TRUE(seen.caption_found) << "the caption is not in a band of the main window";
    EXPECT_LE(seen.body.Max.y, seen.caption.Min.y) << "the caption covers the page";
    EXPECT_TRUE(seen.viewport.Contains(seen.caption)) << "the caption is cut at the window's edge";
    EXPECT_GT(seen.caption.GetHeight(), 2 * seen.font_size) << "a caption of two lines at least";
  }
}

TEST(PresenterLayout, ThePageTakesTheWholeWidthAndTheFrameCounterIsGone) {
  Settings settings;
  settings.presenter_mode = true;
  Shell shell(LessonLibrary::load(lessons_folder()), settings, true);
  ASSERT_TRUE(shell.open_lesson("vector-add-crossover"));
  const Seen presenting = render(shell, 2.0f);
  ASSERT_TRUE(presenting.body_found);
  ASSERT_NE(presenting.text.find("vector"), std::string::npos) << "the page was not logged:\n" << presenting.text;
  EXPECT_EQ(presenting.text.find("frame "), std::string::npos) << presenting.text;
  EXPECT_EQ(presenting.text.find("Lesson list"), std::string::npos);
  // Without presenter mode, the lesson list takes part of the width (its section names show).
  Shell reading(LessonLibrary::load(lessons_folder()), Settings{}, true);
  ASSERT_TRUE(reading.open_lesson("vector-add-crossover"));
  const Seen seen = render(reading, 2.0f);
  EXPECT_NE(seen.text.find("frame "), std::string::npos) << "the frame counter shows outside presenter mode";
}

}  // namespace
}  // namespace whygpu::app
