// A demo stop brings its panel into view, and keeps it there while the page above it
// changes height (a live figure's line that wraps once more pushed a stop's panel half out
// of the projector's view); once the reader scrolls, the page is theirs.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/projector_options.h"

namespace whygpu::app {
namespace {

// A panel shorter than the page at 1280x720, without a question before it.
constexpr const char* kPanel = "inference-batch";

// A lesson whose panel sits far down the page, under paragraphs that grow with the text.
std::filesystem::path lesson_with_a_panel_below(const std::string& name) {
  const auto folder = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream lesson(folder / "a.lesson");
  lesson << "id: far\ntitle: T\nsection: S\n---\n";
  for (int i = 0; i < 24; ++i)
    lesson << "A paragraph of the page above the panel, long enough to wrap onto a second line at the "
              "projector's width once the text grows a little.\n\n";
  lesson << "@panel " << kPanel << "\n\nAfter the panel.\n";
  return folder;
}

// Whether the panel was drawn wholly inside the page's visible area in the frame just
// drawn, on the page (whose blocks have tops), not maximised alone.
bool wholly_shown(const Shell& shell, const std::string& panel) {
  const DrawnPage& page = shell.drawn_page();
  if (page.block_tops.empty()) return false;
  const auto found = page.panels.find(panel);
  if (found == page.panels.end()) return false;
  return found->second.y0 >= page.visible.y0 && found->second.y1 <= page.visible.y1;
}

TEST(StopTarget, StaysInViewWhileThePageAboveItGrows) {
  const auto folder = lesson_with_a_panel_below("whygpu-stop-target-held");
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("far"));
  int frame = 0;
  bool shown_before = false, shown_after = false;
  const int code = run_headless(shell, headless_at_projector(40, (folder / "shot.png").string()), nullptr, [&] {
    const int now = frame++;
    if (now == 2) EXPECT_TRUE(shell.show_stop_target(kPanel));
    if (now == 20) {
      shown_before = wholly_shown(shell, kPanel);
      EXPECT_TRUE(shell.set_font_scale(1.15f));  // every paragraph above grows
    }
    if (now == 36) shown_after = wholly_shown(shell, kPanel);
  });
  EXPECT_EQ(code, 0);
  EXPECT_TRUE(shown_before) << "the stop did not bring the panel into view";
  EXPECT_TRUE(shown_after) << "the text above grew and pushed the panel out of view";
}

TEST(StopTarget, TheReadersWheelLetsGo) {
  const auto folder = lesson_with_a_panel_below("whygpu-stop-target-released");
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("far"));
  int frame = 0;
  bool shown_after_wheel = true;
  const int code = run_headless(shell, headless_at_projector(40, (folder / "shot.png").string()), nullptr, [&] {
    const int now = frame++;
    if (now == 2) EXPECT_TRUE(shell.show_stop_target(kPanel));
    ImGui::GetIO().MousePos = ImVec2(640, 360);
    ImGui::GetIO().MouseWheel = now >= 20 && now < 26 ? 5.0f : 0.0f;  // the reader scrolls back up
    if (now == 36) shown_after_wheel = wholly_shown(shell, kPanel);
  });
  EXPECT_EQ(code, 0);
  EXPECT_FALSE(shown_after_wheel) << "the page pulled the panel back after the reader scrolled away";
}

}  // namespace
}  // namespace whygpu::app
