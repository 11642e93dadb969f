// The host-program panel on a GPU that also draws the window (NVIDIA's OpenGL, as on the
// GPU server): the mistake that hands the kernel a host pointer makes the GPU fault, and
// after such a fault OpenGL on that GPU stalled for every process on the H100 server
// (frames of 1 to 4 s, until the machine went back). A lesson or a script pressing Run
// must get the recorded lines instead, never the live fault. Skips without a GPU; on a
// GPU drawn by another vendor's OpenGL the program runs live as before (not asserted here).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app/cli/cli_options.h"
#include "app/glcompute/gl_renderer.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "tests/app/frame_text.h"
#include "tests/gpu_test_support.h"

namespace whygpu::app {
namespace {

TEST(HostProgramPanel, AFaultingMistakeIsNotRunLiveOnTheGpuThatDrawsTheWindow) {
  WHYGPU_REQUIRE_GPU();
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-host-fault";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "fault.lesson") << "id: fault\ntitle: Fault\nsection: S\n---\n"
                                         << "@panel host-program id=mistakes mistake=host-pointer n=100000\n";
  Shell shell(LessonLibrary::load(folder.string()), Settings{}, true);
  ASSERT_TRUE(shell.open_lesson("fault"));
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = 40;
  options.screenshot = (folder / "shot.png").string();
  std::string seen;
  std::string vendor;
  int frame = 0;
  Status pressed = Status::ok();
  const int code = run_headless(shell, options, nullptr, [&] {
    if (frame == 0) vendor = query_renderer().vendor;
    if (frame == 2) pressed = shell.press_panel_button("mistakes", "run");
    ++frame;
    if (frame >= 37) frame_text::log_next_frame_into(&seen);
  });
  ASSERT_EQ(code, 0);
  if (vendor.find("NVIDIA") == std::string::npos) GTEST_SKIP() << "the window is drawn by " << vendor;
  EXPECT_TRUE(pressed) << pressed.message();
  EXPECT_NE(seen.find("This mistake makes the GPU fault"), std::string::npos) << seen;
  EXPECT_EQ(seen.find("in a separate process that starts from nothing"), std::string::npos)
      << "the faulting program ran live:\n" << seen;
}

}  // namespace
}  // namespace whygpu::app
