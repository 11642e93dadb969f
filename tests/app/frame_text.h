#pragma once
// What a headless frame's widgets wrote as text, for UI tests that check text is drawn
// verbatim. ImGui's own log is switched on after each frame (from run_headless's
// after_render hook); it stops when the app's main window ends, and only the clipboard
// kind of log hands its text over before it is cleared, so the text arrives through a
// clipboard callback. The main window holds the lesson list, the page and the status bar.
#include <imgui.h>
#include <imgui_internal.h>  // the log's state

#include <string>

namespace whygpu::app::frame_text {

// Call at the end of each after_render hook: the next frame's text is appended to *into.
inline void log_next_frame_into(std::string* into) {
  ImGuiIO& io = ImGui::GetIO();
  io.ClipboardUserData = into;
  io.SetClipboardTextFn = [](void* user, const char* text) { static_cast<std::string*>(user)->append(text); };
  ImGuiContext& g = *GImGui;
  g.LogEnabled = true;
  g.LogType = ImGuiLogType_Clipboard;
  g.LogDepthRef = 0;
  g.LogLineFirstItem = true;
}

}  // namespace whygpu::app::frame_text
