#pragma once
// The occupancy of the lesson's kernel for the chosen block: what one block needs
// (threads, registers, shared memory), what one SM has, how many blocks fit by each, and
// the runtime's answer (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
#include "compute/grid/grid_launcher.h"

namespace whygpu::app {

void draw_occupancy(const grid::OccupancyReport& report, float font_scale);

}  // namespace whygpu::app
