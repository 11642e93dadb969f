#pragma once
// The command line of a headless UI test at a projector's 1280x720: `frames` frames, then a
// screenshot to `screenshot` (run_headless ends with one).
#include <string>

#include "app/cli/cli_options.h"

namespace whygpu::app {

inline CliOptions headless_at_projector(int frames, const std::string& screenshot) {
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = frames;
  options.screenshot = screenshot;
  return options;
}

}  // namespace whygpu::app
