#pragma once
// The end of every frame, window or headless: draw ImGui's lists into the bound
// framebuffer, then write the PNG that the script, the final --screenshot or a demo
// asked for.
#include <string>

#include "app/shell.h"

namespace whygpu::app {

// Returns false when a PNG was asked for and could not be written (the reason is printed).
bool render_frame_and_capture(Shell& shell, const std::string& scheduled_capture, int width, int height);

}  // namespace whygpu::app
