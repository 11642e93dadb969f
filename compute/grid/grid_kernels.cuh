#pragma once
// The kernels behind GridLauncher, declared for grid_launcher.cu (and nothing else).
#include <cstdint>

#include "compute/grid/cell_colours.h"
#include "compute/grid/grid_launcher.h"
#include "compute/grid/thread_mapping.h"

namespace whygpu::grid {

struct PaintParams {
  GridShape shape;
  ThreadRecord* records;       // one per thread, indexed by ThreadPlace::slot
  std::uint64_t capacity;      // records (and picture cells) that exist; 0: record nothing
  std::uint32_t* picture;      // shape.picture_width x picture_height RGBA8, or null
  ColourMode colour;             // by_start_time is painted afterwards by repaint_from_records
  std::int64_t work_iterations;
  // The global times that map to 0 and 1 in by_start_time colouring (repaint only).
  std::uint64_t time_origin_ns;
  std::uint64_t time_span_ns;
};

// The lesson's kernel: every thread finds its place, runs the bounds check, does its
// work, records what the hardware told it and paints its own cell.
__global__ void paint_threads(PaintParams p);

// Paints every recorded thread again from its record (colour-mode changes, start times).
__global__ void repaint_from_records(PaintParams p);

// One warp per launched block: earliest/latest start, latest end, and its SM.
__global__ void summarize_blocks(const ThreadRecord* records, std::uint64_t threads_per_block,
                                 std::uint64_t block_count, BlockSummary* out);

}  // namespace whygpu::grid
