#pragma once
#include "app/cli_options.h"
#include "app/script_player.h"
#include "app/shell.h"

namespace whygpu::app {

// Renders offscreen through EGL: plays the script if any, writes --screenshot at the end.
// Returns the process exit code.
int run_headless(Shell& shell, const CliOptions& options, ScriptPlayer* player);

}  // namespace whygpu::app
