#pragma once
// The occupancy of the lesson's kernel for the chosen block: what one block needs
// (threads, registers, shared memory), what one SM has, how many blocks fit by each, the
// answer (the runtime's cudaOccupancyMaxActiveBlocksPerMultiprocessor on a GPU here, else
// the same sum worked out from a recorded GPU's limits), and a picture of one SM: its
// warp slots filled by the blocks that fit, and how much of each resource they take.
#include <string>

#include "compute/grid/grid_launcher.h"

namespace whygpu::app {

struct OccupancySource {
  // True: `report` is the runtime's answer on this computer's GPU. False: worked out
  // from limits (grid::occupancy_from_limits), whose origin `limits_label` names.
  bool runtime = true;
  std::string limits_label;  // "recorded on NVIDIA H100 ... not on this computer"
  // Without a GPU here: the recorded GPU runtime's answer for this very launch, if any.
  const grid::OccupancyReport* recorded_runtime = nullptr;
};

void draw_occupancy(const grid::OccupancyReport& report, const OccupancySource& source, float font_scale);

}  // namespace whygpu::app
