#pragma once
// The end of every frame, window or headless: draw ImGui's lists into the bound
// framebuffer, then write the PNG that the script, the final --screenshot or a demo
// asked for.
#include <chrono>
#include <string>

#include "app/shell/shell.h"

namespace whygpu::app {

// Returns false when a PNG was asked for and could not be written (the reason is printed).
bool render_frame_and_capture(Shell& shell, const std::string& scheduled_capture, int width, int height);

// Waits until the GPU has drawn the frame (glFinish) and returns the seconds since
// `frame_start`: the frame's cost as FrameContext::previous_frame_cost_seconds means it,
// without any wait for the display or for pacing, which come after.
float finish_frame(std::chrono::steady_clock::time_point frame_start);

}  // namespace whygpu::app
