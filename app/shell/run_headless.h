#pragma once
#include <functional>

#include "app/cli/cli_options.h"
#include "app/demo/script_player.h"
#include "app/shell/shell.h"

namespace whygpu::app {

// Renders offscreen through EGL: plays the script if any, writes --screenshot at the end.
// Returns the process exit code. `after_render`, when given, is called once a frame right
// after ImGui::Render(), while the frame's draw data and windows can still be inspected
// (the UI tests look there for clipped text).
int run_headless(Shell& shell, const CliOptions& options, ScriptPlayer* player,
                 const std::function<void()>& after_render = {});

}  // namespace whygpu::app
