#include "compute/grid/cpu_picture.h"

#include <algorithm>

namespace whygpu::grid {

void paint_on_cpu(const GridShape& shape, ColourMode mode, std::vector<std::uint32_t>* picture,
                  const std::vector<BlockSummary>* recorded_blocks) {
  picture->assign(std::uint64_t{shape.picture_width} * shape.picture_height, kNoThreadColour);
  if (recorded_blocks && recorded_blocks->size() != shape.block_count()) recorded_blocks = nullptr;
  ColourInputs in;
  in.mode = mode;
  in.threads_per_block = shape.threads_per_block();
  in.has_device_data = recorded_blocks != nullptr;
  // Start times as a fraction of the span of the blocks' starts, as the GPU paints them.
  std::uint64_t first = ~std::uint64_t{0}, last = 0;
  if (recorded_blocks)
    for (const BlockSummary& b : *recorded_blocks) {
      first = std::min(first, b.first_start_ns);
      last = std::max(last, b.first_start_ns);
    }
  const double span = last > first ? static_cast<double>(last - first) : 0.0;
  // Walk the launch the way the hardware numbers it: blocks, then threads, x fastest.
  std::uint64_t block = 0;
  for (std::uint32_t bz = 0; bz < shape.grid[2]; ++bz)
    for (std::uint32_t by = 0; by < shape.grid[1]; ++by)
      for (std::uint32_t bx = 0; bx < shape.grid[0]; ++bx, ++block) {
        if (recorded_blocks) {
          const BlockSummary& b = (*recorded_blocks)[block];
          in.smid = b.smid;
          in.start_fraction = span > 0.0 ? static_cast<float>(static_cast<double>(b.first_start_ns - first) / span) : 0.0f;
        }
        for (std::uint32_t tz = 0; tz < shape.block[2]; ++tz)
          for (std::uint32_t ty = 0; ty < shape.block[1]; ++ty)
            for (std::uint32_t tx = 0; tx < shape.block[0]; ++tx) {
              const ThreadPlace p = place_thread(shape, bx, by, bz, tx, ty, tz);
              (*picture)[p.pixel_y * shape.picture_width + p.pixel_x] = cell_colour(p, in);
            }
      }
}

}  // namespace whygpu::grid
