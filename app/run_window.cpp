#include "app/run_window.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "app/frame_schedule.h"
#include "app/gl.h"
#include "app/frame_output.h"

namespace whygpu::app {
namespace {

void report_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "whygpu: GLFW error %d: %s\n", code, description);
}

}  // namespace

int run_window(Shell& shell, const CliOptions& options, ScriptPlayer* player) {
  glfwSetErrorCallback(report_glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr,
                 "whygpu: cannot open a window (no display?). Without a display, use\n"
                 "  whygpu --headless --screenshot out.png   or   --headless --script FILE\n");
    return 1;
  }
  Settings& settings = shell.mutable_settings();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  const bool sized = options.width > 0;
  glfwWindowHint(GLFW_MAXIMIZED, !sized && settings.window_maximized ? GLFW_TRUE : GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(sized ? options.width : settings.window_width,
                                        sized ? options.height : settings.window_height,
                                        "whygpu: why GPUs speed up deep learning", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "whygpu: no OpenGL 3.3 core window could be created\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  std::error_code ec;
  std::filesystem::create_directories(settings_folder(), ec);  // ImGui saves its layout there
  const std::string ini = settings_folder() + "/imgui.ini";
  ImGui::GetIO().IniFilename = ini.c_str();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  std::fprintf(stderr, "whygpu: window on %s (OpenGL %s)\n",
               reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));

  FrameSchedule schedule(player, options.screenshot, options.frames, /*stop_when_done=*/false);
  int exit_code = 0;
  float previous_cost = 0.0f;
  while (!glfwWindowShouldClose(window)) {
    const auto frame_start = std::chrono::steady_clock::now();
    glfwPollEvents();
    const FrameSchedule::Frame frame = schedule.before_frame(shell);
    if (!frame.error.empty()) {
      std::fprintf(stderr, "whygpu: script: %s\n", frame.error.c_str());
      shell.set_status_message("script stopped: " + frame.error, true);
      // A test run (one that wants a screenshot) fails; a demo stays open, the reason on screen.
      if (!options.screenshot.empty()) {
        exit_code = 1;
        break;
      }
    }
    shell.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    shell.draw(ImGui::GetIO().DeltaTime, previous_cost);
    ImGui::Render();
    int width = 0, height = 0;
    glfwGetFramebufferSize(window, &width, &height);
    glReadBuffer(GL_BACK);  // screenshots read what is about to be shown
    if (!render_frame_and_capture(shell, frame.capture, width, height)) exit_code = 1;
    previous_cost = finish_frame(frame_start);  // before the swap waits for the display
    glfwSwapBuffers(window);
    if (frame.last) break;
    shell.pace_frame(frame_start);
  }

  settings.window_maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) == GLFW_TRUE;
  if (!settings.window_maximized && !sized) glfwGetWindowSize(window, &settings.window_width, &settings.window_height);
  shell.close_panels();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

}  // namespace whygpu::app
