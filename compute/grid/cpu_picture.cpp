#include "compute/grid/cpu_picture.h"

namespace whygpu::grid {

void paint_on_cpu(const GridShape& shape, ColorMode mode, std::vector<std::uint32_t>* picture) {
  picture->assign(std::uint64_t{shape.picture_width} * shape.picture_height, kNoThreadColor);
  ColorInputs in;
  in.mode = mode;
  in.threads_per_block = shape.threads_per_block();
  in.has_device_data = false;
  // Walk the launch the way the hardware numbers it: blocks, then threads, x fastest.
  for (std::uint32_t bz = 0; bz < shape.grid[2]; ++bz)
    for (std::uint32_t by = 0; by < shape.grid[1]; ++by)
      for (std::uint32_t bx = 0; bx < shape.grid[0]; ++bx)
        for (std::uint32_t tz = 0; tz < shape.block[2]; ++tz)
          for (std::uint32_t ty = 0; ty < shape.block[1]; ++ty)
            for (std::uint32_t tx = 0; tx < shape.block[0]; ++tx) {
              const ThreadPlace p = place_thread(shape, bx, by, bz, tx, ty, tz);
              (*picture)[p.pixel_y * shape.picture_width + p.pixel_x] = cell_color(p, in);
            }
}

}  // namespace whygpu::grid
