#pragma once
// The occupancy of the lesson's kernel for the chosen block: what one block needs
// (threads, registers, shared memory), what one SM has, how many blocks fit by each, the
// answer (the runtime's cudaOccupancyMaxActiveBlocksPerMultiprocessor on a GPU here, else
// the same sum worked out from a recorded GPU's limits), and a picture of one SM: its
// warp slots filled by the blocks that fit, and how much of each resource they take.
#include <string>

#include "app/files/figure_source.h"
#include "compute/grid/grid_launcher.h"

namespace whygpu::app {

struct OccupancySource {
  // This computer: `report` is the runtime's answer on its GPU. Faded: worked out from
  // limits (grid::occupancy_from_limits), whose origin the source names.
  FigureSource limits = FigureSource::this_computer();
  // Without a GPU here: the recorded GPU runtime's answer for this very launch, if any.
  const grid::OccupancyReport* recorded_runtime = nullptr;
};

void draw_occupancy(const grid::OccupancyReport& report, const OccupancySource& source, float font_scale);

}  // namespace whygpu::app
