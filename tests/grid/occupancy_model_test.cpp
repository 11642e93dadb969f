// The occupancy model with an H100's figures (CUDA Occupancy Calculator arithmetic).
#include <gtest/gtest.h>

#include "compute/grid/occupancy_model.h"

namespace whygpu::grid {
namespace {

OccupancyInputs h100(std::int64_t threads, std::int64_t registers, std::int64_t shared) {
  OccupancyInputs in;  // defaults are an H100's SM: 2048 threads, 32 blocks, 64K registers, 228 KiB
  in.threads_per_block = threads;
  in.registers_per_thread = registers;
  in.shared_bytes_per_block = shared;
  return in;
}

TEST(OccupancyModel, ThreadSlotsBindForBigBlocks) {
  const OccupancyLimits l = model_occupancy(h100(1024, 32, 0));
  EXPECT_EQ(l.warps_per_block, 32);
  EXPECT_EQ(l.by_threads, 2);
  EXPECT_EQ(l.by_registers, 2);  // 32 regs * 1024 threads = 32768: two blocks fill 65536
  EXPECT_EQ(l.blocks_per_sm, 2);
  EXPECT_DOUBLE_EQ(occupancy_fraction(l.blocks_per_sm, l.warps_per_block, 2048, 32), 1.0);
}

TEST(OccupancyModel, BlockSlotsBindForTinyBlocks) {
  const OccupancyLimits l = model_occupancy(h100(32, 32, 0));
  EXPECT_EQ(l.by_threads, 64);
  EXPECT_EQ(l.blocks_per_sm, 32);
  EXPECT_EQ(l.limited_by, "blocks per SM");
  EXPECT_DOUBLE_EQ(occupancy_fraction(l.blocks_per_sm, l.warps_per_block, 2048, 32), 0.5);
}

TEST(OccupancyModel, PartialWarpsCostWholeWarps) {
  const OccupancyLimits l = model_occupancy(h100(33, 16, 0));
  EXPECT_EQ(l.warps_per_block, 2);
  EXPECT_EQ(l.by_threads, 32);  // 2048 / 64, not 2048 / 33
}

TEST(OccupancyModel, RegistersBind) {
  // 128 registers: a warp takes 4096, a 256-thread block 32768: two blocks.
  const OccupancyLimits l = model_occupancy(h100(256, 128, 0));
  EXPECT_EQ(l.by_registers, 2);
  EXPECT_EQ(l.blocks_per_sm, 2);
  EXPECT_EQ(l.limited_by, "registers");
  // 37 registers round up to 40 per thread (1280 a warp, a multiple of 256).
  EXPECT_EQ(model_occupancy(h100(256, 37, 0)).by_registers, 65536 / (1280 * 8));
}

TEST(OccupancyModel, SharedMemoryBinds) {
  // 48 KiB + the 1 KiB the driver reserves per block: 233472 / 50176 = 4 blocks.
  const OccupancyLimits l = model_occupancy(h100(128, 32, 48 * 1024));
  EXPECT_EQ(l.by_shared_memory, 4);
  EXPECT_EQ(l.blocks_per_sm, 4);
  EXPECT_EQ(l.limited_by, "shared memory");
}

TEST(OccupancyModel, NonsenseInputsGiveZero) {
  EXPECT_EQ(model_occupancy(h100(0, 32, 0)).blocks_per_sm, 0);
}

}  // namespace
}  // namespace whygpu::grid
