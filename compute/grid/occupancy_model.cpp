#include "compute/grid/occupancy_model.h"

#include <algorithm>
#include <limits>

namespace whygpu::grid {

OccupancyLimits model_occupancy(const OccupancyInputs& in) {
  OccupancyLimits out;
  if (in.threads_per_block <= 0 || in.warp_size <= 0) return out;
  const std::int64_t unlimited = std::numeric_limits<std::int64_t>::max();
  out.warps_per_block = (in.threads_per_block + in.warp_size - 1) / in.warp_size;
  // Thread slots are handed out per warp, so a 33-thread block costs two warps' worth.
  out.by_threads = in.max_threads_per_sm / (out.warps_per_block * in.warp_size);
  out.by_block_slots = in.max_blocks_per_sm;
  if (in.registers_per_thread > 0) {
    const std::int64_t unit = std::max<std::int64_t>(1, in.register_allocation_unit);
    const std::int64_t per_warp = (in.registers_per_thread * in.warp_size + unit - 1) / unit * unit;
    out.by_registers = in.registers_per_sm / (per_warp * out.warps_per_block);
  } else {
    out.by_registers = unlimited;
  }
  const std::int64_t shared = in.shared_bytes_per_block + in.reserved_shared_bytes_per_block;
  out.by_shared_memory = shared > 0 ? in.shared_bytes_per_sm / shared : unlimited;

  struct Candidate { std::int64_t blocks; const char* name; };
  const Candidate order[] = {{out.by_threads, "threads per SM"},
                             {out.by_block_slots, "blocks per SM"},
                             {out.by_registers, "registers"},
                             {out.by_shared_memory, "shared memory"}};
  const Candidate* best = &order[0];
  for (const Candidate& c : order)
    if (c.blocks < best->blocks) best = &c;
  out.blocks_per_sm = best->blocks;
  out.limited_by = best->name;
  return out;
}

double occupancy_fraction(std::int64_t blocks_per_sm, std::int64_t warps_per_block,
                          std::int64_t max_threads_per_sm, std::int64_t warp_size) {
  if (max_threads_per_sm <= 0 || warp_size <= 0) return 0.0;
  const double max_warps = static_cast<double>(max_threads_per_sm / warp_size);
  return std::min(1.0, static_cast<double>(blocks_per_sm * warps_per_block) / max_warps);
}

}  // namespace whygpu::grid
