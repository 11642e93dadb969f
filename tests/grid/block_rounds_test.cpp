#include "compute/grid/block_rounds.h"

#include <gtest/gtest.h>

namespace whygpu::grid {
namespace {

BlockSummary block(std::uint32_t sm, std::uint64_t start, std::uint64_t end) {
  return BlockSummary{start, start, end, sm, 1};
}

TEST(BlockTurns, ABlockTakesThePlaceOfOneThatEnded) {
  // SM 0 holds two blocks at once: a and b start together, c and d wait for them.
  const std::vector<BlockSummary> blocks = {
      block(0, 0, 10),   // a: first turn
      block(0, 0, 12),   // b: first turn, second place
      block(0, 10, 20),  // c: takes a's place as it ends
      block(0, 13, 22),  // d: takes b's place
      block(0, 21, 30),  // e: takes c's place: third turn
      block(1, 5, 9),    // another SM: its own first turn
  };
  const std::vector<std::uint32_t> turns = block_turns(blocks, 2);
  EXPECT_EQ(turns, (std::vector<std::uint32_t>{0, 0, 1, 1, 2, 0}));
}

TEST(BlockTurns, OverlappingBlocksNeedNewPlaces) {
  const std::vector<BlockSummary> blocks = {block(0, 0, 10), block(0, 1, 10), block(0, 2, 10), block(0, 9, 20)};
  EXPECT_EQ(block_turns(blocks, 1), (std::vector<std::uint32_t>{0, 0, 0, 0}));
}

TEST(BlockTurns, TheEarliestFreedPlaceIsTaken) {
  // Both places are free when c starts; it follows the one that ended first (b, turn 1).
  const std::vector<BlockSummary> blocks = {block(0, 0, 8), block(0, 0, 3), block(0, 3, 5), block(0, 9, 12)};
  const std::vector<std::uint32_t> turns = block_turns(blocks, 1);
  EXPECT_EQ(turns[2], 1u);  // after b
  EXPECT_EQ(turns[3], 2u);  // c ended at 5, before a at 8: d follows c
}

TEST(BlockTurns, UnknownSmsAndNoSms) {
  EXPECT_EQ(block_turns({block(7, 0, 1)}, 2), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(block_turns({block(0, 0, 1)}, 0), (std::vector<std::uint32_t>{0}));
}

}  // namespace
}  // namespace whygpu::grid
