#include "app/shell/run_window.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "app/files/untrusted_text.h"
#include "app/icon/app_icon.h"
#include "app/shell/frame_output.h"
#include "app/shell/frame_schedule.h"
#include "app/shell/gl.h"
#include "app/shell/imgui_layout.h"
#include "app/shell/key_codes.h"
#include "app/shell/window_fit.h"

namespace whygpu::app {
namespace {

static_assert(keys::kZero == GLFW_KEY_0 && keys::kMinus == GLFW_KEY_MINUS && keys::kEqual == GLFW_KEY_EQUAL &&
              keys::kF == GLFW_KEY_F && keys::kF9 == GLFW_KEY_F9 && keys::kF11 == GLFW_KEY_F11 &&
              keys::kKeypad0 == GLFW_KEY_KP_0 && keys::kKeypadMinus == GLFW_KEY_KP_SUBTRACT &&
              keys::kKeypadPlus == GLFW_KEY_KP_ADD);

// The window layout is a convenience: a failure to read or save it is said, never fatal.
void report_layout_failure(const Status& s) {
  if (!s) std::fprintf(stderr, "whygpu: window layout: %s\n", s.message().c_str());
}

// Set by SIGINT and SIGTERM; the loop then closes the window the normal way.
std::atomic<bool> g_close_requested{false};

void request_close(int) { g_close_requested = true; }

// Paths dropped onto the window since the last frame (GLFW calls back inside glfwPollEvents).
std::vector<std::string> g_dropped;

void collect_drop(GLFWwindow*, int count, const char** paths) { g_dropped.insert(g_dropped.end(), paths, paths + count); }

void report_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "whygpu: GLFW error %d: %s\n", code, description);
}

// F11: the whole monitor the window is on, and back to the window's old place and size.
void toggle_fullscreen(GLFWwindow* window, int saved[4]) {
  if (glfwGetWindowMonitor(window)) {
    glfwSetWindowMonitor(window, nullptr, saved[0], saved[1], saved[2], saved[3], GLFW_DONT_CARE);
    return;
  }
  GLFWmonitor* primary = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = primary ? glfwGetVideoMode(primary) : nullptr;
  if (!mode) return;
  glfwGetWindowPos(window, &saved[0], &saved[1]);
  glfwGetWindowSize(window, &saved[2], &saved[3]);
  glfwSetWindowMonitor(window, primary, 0, 0, mode->width, mode->height, mode->refreshRate);
}

// The text size a first start picks: the monitor's content scale (2 on a high-density
// laptop screen), in the View menu's quarter steps.
float text_size_for_monitor() {
  float x = 1.0f, y = 1.0f;
  if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) glfwGetMonitorContentScale(primary, &x, &y);
  const float scale = std::round(std::max(x, y) * 4.0f) / 4.0f;
  return std::isfinite(scale) ? std::clamp(scale, 1.0f, Settings::max_font_scale) : 1.0f;
}

// The taskbar's and the title bar's icon, at the sizes window managers pick from.
void set_window_icon(GLFWwindow* window) {
  constexpr int kSizes[] = {16, 32, 48, 64, 128};
  std::vector<std::uint8_t> pixels[std::size(kSizes)];
  GLFWimage images[std::size(kSizes)];
  for (std::size_t i = 0; i < std::size(kSizes); ++i) {
    pixels[i] = icon_pixels(kSizes[i]);
    images[i] = {kSizes[i], kSizes[i], pixels[i].data()};
  }
  glfwSetWindowIcon(window, static_cast<int>(std::size(images)), images);
}

}  // namespace

int run_window(Shell& shell, const CliOptions& options, ScriptPlayer* player, bool first_start) {
  glfwSetErrorCallback(report_glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr,
                 "whygpu: cannot open a window (no display?). Without a display, use\n"
                 "  whygpu --headless --screenshot out.png   or   --headless --script FILE\n");
    return 1;
  }
  Settings& settings = shell.mutable_settings();
  if (first_start && !options.font_scale) shell.set_font_scale(text_size_for_monitor());
  std::signal(SIGINT, request_close);
  std::signal(SIGTERM, request_close);
  shell.present(player);  // the presenter's keys pace a script played in a window
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // The class the desktop matches with the launcher's StartupWMClass (packaging/whygpu.desktop).
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "whygpu");
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "whygpu");
  const bool sized = options.width > 0;
  glfwWindowHint(GLFW_MAXIMIZED, !sized && settings.window_maximized ? GLFW_TRUE : GLFW_FALSE);
  // --size is the user's; a saved or default size is fitted to the screen it opens on.
  WindowSize size{settings.window_width, settings.window_height};
  int area_x = 0, area_y = 0;
  if (!sized)
    if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) {
      WindowSize area;
      glfwGetMonitorWorkarea(primary, &area_x, &area_y, &area.width, &area.height);
      size = fit_to_work_area(size, area);
    }
  GLFWwindow* window = glfwCreateWindow(sized ? options.width : size.width, sized ? options.height : size.height,
                                        "whygpu: why GPUs speed up deep learning", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "whygpu: no OpenGL 3.3 core window could be created\n");
    glfwTerminate();
    return 1;
  }
  set_window_icon(window);
  if (!sized && (size.width != settings.window_width || size.height != settings.window_height))
    glfwSetWindowPos(window, area_x + 8, area_y + 40);  // cut to the screen: its top left corner, inside the frame
  glfwSetDropCallback(window, collect_drop);
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  std::error_code ec;
  std::filesystem::create_directories(settings_folder(), ec);  // the layout is saved there
  const std::string ini = settings_folder() + "/imgui.ini";
  ImGui::GetIO().IniFilename = nullptr;  // saved atomically by imgui_layout.h instead
  report_layout_failure(load_imgui_layout(ini));
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  std::fprintf(stderr, "whygpu: window on %s (OpenGL %s)\n",
               reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));

  FrameSchedule schedule(player, options.screenshot, options.frames, /*stop_when_done=*/false);
  int exit_code = 0;
  float previous_cost = 0.0f;
  int windowed[4] = {0, 0, 0, 0};  // where the window was before full screen
  while (!glfwWindowShouldClose(window) && !g_close_requested) {
    const auto frame_start = std::chrono::steady_clock::now();
    glfwPollEvents();
    if (!g_dropped.empty()) shell.drop_files(std::exchange(g_dropped, {}));
    const FrameSchedule::Frame frame = schedule.before_frame(shell);
    if (!frame.error.empty()) {
      std::fprintf(stderr, "whygpu: script: %s\n", terminal_safe(frame.error).c_str());
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
    report_layout_failure(save_imgui_layout_if_asked(ini));
    if (frame.last) break;
    if (shell.take_fullscreen_request()) toggle_fullscreen(window, windowed);
    shell.pace_frame(frame_start);
  }

  if (g_close_requested) std::fprintf(stderr, "whygpu: closing on a signal; settings are saved\n");
  if (glfwGetWindowMonitor(window)) toggle_fullscreen(window, windowed);  // save the window's size, not the screen's
  settings.window_maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) == GLFW_TRUE;
  if (!settings.window_maximized && !sized) glfwGetWindowSize(window, &settings.window_width, &settings.window_height);
  shell.close_panels();
  report_layout_failure(save_imgui_layout(ini));
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

}  // namespace whygpu::app
