#pragma once
// The line at the bottom of the window: the GPU (or why there is none), the latest status
// message, and the frame time at the right. When large text leaves too little room, the
// GPU part shortens to its name and a long message ends in "..." with the whole of it in a
// tooltip, so nothing runs under the frame time or off the window.
#include <string>

#include "compute/core/gpu_info.h"

namespace whygpu::app {

// `presenter`: a playing demo's step ("step 4 / 17 ..."), first on the line; `vitals`: the
// GPU's vital signs (vitals_strip.h), after the GPU where there is room. Empty: left out.
// `frame_ms` below 0: no frame counter (presenting to a class).
void draw_status_bar_line(const GpuInfo& gpu, const std::string& presenter, const std::string& vitals,
                          const std::string& message, bool message_is_error, float frame_ms);

}  // namespace whygpu::app
