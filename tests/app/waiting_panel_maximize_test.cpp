// A panel still waiting for its question cannot be maximised with F: alone it would show
// the answer (the hardware panel shows its count at once). Once the question is
// answered, F opens it as before.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "app/cli/cli_options.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/key_codes.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"
#include "tests/app/projector_options.h"

namespace whygpu::app {
namespace {

TEST(WaitingPanel, TheFKeyDoesNotOpenItBeforeItsQuestionIsAnswered) {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-waiting-maximize";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "a.lesson") << "id: lanes\ntitle: T\nsection: S\n---\n"
                                     << "@predict result=lanes_per_thread unit=lanes min=1 max=100000 "
                                     << "question=\"How many lanes?\" explain=\"E\"\n@panel hardware\n";
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("lanes"));
  const CliOptions options = headless_at_projector(14, (folder / "shot.png").string());
  std::map<int, std::string> seen;
  int frame = 0;
  const int code = run_headless(shell, options, nullptr, [&] {
    const int now = frame++;
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[keys::kF] = now == 3 || now == 10;  // F pressed before the answer, and after it
    if (now == 7) {
      EXPECT_TRUE(shell.answer_prediction("skip"));
    }
    frame_text::log_next_frame_into(&seen[now]);
  });
  EXPECT_EQ(code, 0);
  const std::string alone = "back to the page (Esc)";
  EXPECT_EQ(seen.at(4).find(alone), std::string::npos) << "F opened the waiting panel:\n" << seen.at(4);
  EXPECT_NE(seen.at(12).find(alone), std::string::npos) << "F did not open the answered panel:\n" << seen.at(12);
}

}  // namespace
}  // namespace whygpu::app
