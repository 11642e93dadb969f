#pragma once
// The launch a thread-grid panel with these parameters makes first: what `whygpu record`
// records for each `@panel thread-grid` line of the lessons, so the panel finds its
// launch in the recording on a computer without a GPU.
#include "app/panels/panel_params.h"
#include "compute/grid/grid_recording.h"

namespace whygpu::app {

// `params` checked against thread_grid_panel_type().params.
grid::LaunchRequest thread_grid_request(const PanelParams& params);

}  // namespace whygpu::app
