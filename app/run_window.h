#pragma once
#include "app/cli_options.h"
#include "app/script_player.h"
#include "app/shell.h"

namespace whygpu::app {

// Opens the GLFW window and runs until it is closed (or the script / screenshot is done).
// Returns the process exit code.
int run_window(Shell& shell, const CliOptions& options, ScriptPlayer* player);

}  // namespace whygpu::app
