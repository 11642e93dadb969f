#pragma once
// Saves one rectangle of the UI as a PNG, exactly as it is rendered: a draw callback is
// queued right after the widget's own drawing, so when the renderer reaches it the
// widget's pixels are in the framebuffer (window or offscreen alike) and nothing drawn
// later (tooltips, popups) is. The pixels are read back with glReadPixels there.
#include <imgui.h>

#include <string>

#include "compute/core/wording.h"

namespace whygpu::app::plot {

struct RegionCapture {
  std::string path;
  bool pending = false;  // asked for, not yet rendered
  ImVec2 min, max;       // screen rectangle, set when queued
  // Outcome of the last capture: the page shows it in its language, the log in English.
  Wording message;
  bool ok = false;
};

// Queues the capture of [min, max) into `list`; the PNG is written during rendering.
// The capture must outlive this frame's rendering.
void queue_region_capture(ImDrawList* list, RegionCapture* capture, ImVec2 min, ImVec2 max);

}  // namespace whygpu::app::plot
