#include "app/run_headless.h"

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "app/frame_schedule.h"
#include "app/gl.h"
#include "app/headless_context.h"
#include "app/frame_output.h"

namespace whygpu::app {

int run_headless(Shell& shell, const CliOptions& options, ScriptPlayer* player) {
  const int width = options.width > 0 ? options.width : 1920;
  const int height = options.height > 0 ? options.height : 1080;
  std::string error;
  const auto context = HeadlessContext::create(width, height, &error);
  if (!context) {
    std::fprintf(stderr, "whygpu: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr, "whygpu: rendering offscreen, %dx%d, %s\n", width, height, context->description().c_str());

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // a headless run never touches the user's layout
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  ImGui_ImplOpenGL3_Init("#version 330 core");

  FrameSchedule schedule(player, options.screenshot, options.frames, /*stop_when_done=*/true);
  int exit_code = 0;
  auto last = std::chrono::steady_clock::now();
  for (;;) {
    const FrameSchedule::Frame frame = schedule.before_frame(shell);
    if (!frame.error.empty()) {
      std::fprintf(stderr, "whygpu: script: %s\n", frame.error.c_str());
      exit_code = 1;
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    io.DeltaTime = std::max(1e-4f, std::chrono::duration<float>(now - last).count());
    last = now;

    shell.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    shell.draw(io.DeltaTime);
    ImGui::Render();
    context->bind_framebuffer();
    if (!render_frame_and_capture(shell, frame.capture, width, height)) exit_code = 1;
    if (frame.last) break;
    shell.pace_frame(now);
    if (options.fps > 0)  // a display's refresh, for measurements of a UI at that rate
      std::this_thread::sleep_until(now + std::chrono::microseconds(1000000 / options.fps));
  }
  shell.close_panels();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace whygpu::app
