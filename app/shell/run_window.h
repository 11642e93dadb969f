#pragma once
#include "app/cli/cli_options.h"
#include "app/demo/script_player.h"
#include "app/shell/shell.h"

namespace whygpu::app {

// Opens the GLFW window and runs until it is closed (or the script / screenshot is done,
// or SIGINT / SIGTERM arrives: the window then closes as if the user had closed it, so
// the settings are still saved). `first_start`: no settings file yet, so the text size
// follows the monitor's content scale. Returns the process exit code.
int run_window(Shell& shell, const CliOptions& options, ScriptPlayer* player, bool first_start);

}  // namespace whygpu::app
