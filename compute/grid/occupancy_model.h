#pragma once
// Why a block size gets the occupancy it gets: how many blocks fit on one SM by each
// resource (thread slots, block slots, registers, shared memory), the smallest of which
// binds. The runtime's own figure (cudaOccupancyMaxActiveBlocksPerMultiprocessor) is the
// one shown as the answer; this model only names the limit behind it.
#include <cstdint>
#include <string>

namespace whygpu::grid {

struct OccupancyInputs {
  // The kernel and its launch
  std::int64_t threads_per_block = 256;
  std::int64_t registers_per_thread = 32;
  std::int64_t shared_bytes_per_block = 0;  // static + dynamic
  // The SM (cudaDeviceProp / cudaDeviceGetAttribute)
  std::int64_t warp_size = 32;
  std::int64_t max_threads_per_sm = 2048;
  std::int64_t max_blocks_per_sm = 32;
  std::int64_t registers_per_sm = 65536;
  std::int64_t shared_bytes_per_sm = 228 * 1024;
  std::int64_t reserved_shared_bytes_per_block = 1024;  // the driver's own share, sm_80 and later
  std::int64_t register_allocation_unit = 256;          // registers are given to warps in these
};

struct OccupancyLimits {
  std::int64_t warps_per_block = 0;
  std::int64_t by_threads = 0;
  std::int64_t by_block_slots = 0;
  std::int64_t by_registers = 0;
  std::int64_t by_shared_memory = 0;
  std::int64_t blocks_per_sm = 0;  // the smallest of the four
  std::string limited_by;          // "threads per SM", "blocks per SM", "registers", "shared memory"
};

OccupancyLimits model_occupancy(const OccupancyInputs& in);

// Resident warps over the SM's maximum, 0..1.
double occupancy_fraction(std::int64_t blocks_per_sm, std::int64_t warps_per_block,
                          std::int64_t max_threads_per_sm, std::int64_t warp_size);

}  // namespace whygpu::grid
