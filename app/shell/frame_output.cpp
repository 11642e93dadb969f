#include "app/shell/frame_output.h"

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <cstdio>

#include "app/shell/gl.h"
#include "app/shell/screenshot.h"

namespace whygpu::app {

bool render_frame_and_capture(Shell& shell, const std::string& scheduled_capture, int width, int height) {
  glViewport(0, 0, width, height);
  glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  const std::string capture = !scheduled_capture.empty() ? scheduled_capture : shell.take_capture_request();
  if (capture.empty()) return true;
  std::string error;
  if (!write_framebuffer_png(capture, width, height, &error)) {
    std::fprintf(stderr, "whygpu: %s\n", error.c_str());
    return false;
  }
  std::fprintf(stderr, "whygpu: wrote %s\n", capture.c_str());
  return true;
}

float finish_frame(std::chrono::steady_clock::time_point frame_start) {
  glFinish();
  return std::chrono::duration<float>(std::chrono::steady_clock::now() - frame_start).count();
}

}  // namespace whygpu::app
