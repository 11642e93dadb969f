#include "app/shell/run_headless.h"

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "app/files/untrusted_text.h"
#include "app/shell/frame_output.h"
#include "app/shell/frame_schedule.h"
#include "app/shell/gl.h"
#include "app/shell/headless_context.h"

namespace whygpu::app {

int run_headless(Shell& shell, const CliOptions& options, ScriptPlayer* player,
                 const std::function<void()>& after_render) {
  const int width = options.width > 0 ? options.width : 1920;
  const int height = options.height > 0 ? options.height : 1080;
  Wording error;
  const auto context = HeadlessContext::create(width, height, &error);
  if (!context) {
    std::fprintf(stderr, "whygpu: %s\n", terminal_safe(error.english()).c_str());
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
  using Clock = std::chrono::steady_clock;
  auto last = Clock::now();
  float previous_cost = 0.0f;
  // --fps: frames start on a fixed beat, as a display's refreshes do, so the mean interval
  // is the display's and not a sleep's overshoot more; a frame that runs late restarts it.
  const auto beat = options.fps > 0 ? std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(1.0 / options.fps))
                                    : Clock::duration::zero();
  auto next_beat = last;
  for (;;) {
    const FrameSchedule::Frame frame = schedule.before_frame(shell);
    if (!frame.error.empty()) {
      std::fprintf(stderr, "whygpu: script: %s\n", terminal_safe(frame.error).c_str());
      exit_code = 1;
      break;
    }
    const auto now = Clock::now();
    io.DeltaTime = std::max(1e-4f, std::chrono::duration<float>(now - last).count());
    last = now;

    shell.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    shell.draw(io.DeltaTime, previous_cost);
    ImGui::Render();
    if (after_render) after_render();
    context->bind_framebuffer();
    if (!render_frame_and_capture(shell, frame.capture, width, height)) exit_code = 1;
    // Its cost includes the GPU's share: a long CUDA kernel ahead of it shows here.
    previous_cost = finish_frame(now);
    if (frame.last) break;
    shell.pace_frame(now);
    if (options.fps > 0) {
      next_beat += beat;
      const auto after = Clock::now();
      if (next_beat < after) next_beat = after;  // late: the next frame starts now
      std::this_thread::sleep_until(next_beat);
    }
  }
  shell.close_panels();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace whygpu::app
