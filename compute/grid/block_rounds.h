#pragma once
// Which turn each block had on its SM. An SM runs a limited number of blocks at once;
// when one finishes, a waiting block takes its place. Walking each SM's blocks in start
// order, a block either takes the place of one that had already ended (the earliest to
// end), one turn later than it, or a fresh place (turn 0). With more blocks than the GPU
// holds at once, the turns are the waves.
#include <cstdint>
#include <vector>

#include "compute/grid/grid_launcher.h"

namespace whygpu::grid {

// One turn per block (in block order); blocks whose SM is >= sm_count get turn 0.
std::vector<std::uint32_t> block_turns(const std::vector<BlockSummary>& blocks, int sm_count);

}  // namespace whygpu::grid
