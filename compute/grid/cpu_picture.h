#pragma once
// The picture without a GPU: the same mapping, computed on the CPU from the launch
// configuration alone. It knows blocks, warps and threads, and nothing about SMs or
// time: cells coloured by SM or start time get kNoDataColour rather than made-up values,
// unless the blocks of a recorded launch of the same configuration are given (a
// recording keeps each block's SM and start, not each thread's: every thread of a block
// gets its block's).
#include <cstdint>
#include <vector>

#include "compute/grid/cell_colours.h"
#include "compute/grid/grid_launcher.h"
#include "compute/grid/thread_mapping.h"

namespace whygpu::grid {

// Fills `picture` (resized to picture_width * picture_height) for `shape`; cells no
// thread paints get kNoThreadColour. The shape must be drawable (see too_big_to_draw).
// `recorded_blocks`: null, or one summary per block of this shape (block_linear order).
void paint_on_cpu(const GridShape& shape, ColourMode mode, std::vector<std::uint32_t>* picture,
                  const std::vector<BlockSummary>* recorded_blocks = nullptr);

}  // namespace whygpu::grid
