// The index arithmetic of the Tensor Core kernels and the FP32 pipeline, on the CPU: the
// swizzle must be a permutation of each row that spreads every 8-row ldmatrix read and
// every warp's 16-byte copies over the 8 bank groups, and equal the TMA's 128-byte swizzle;
// the persistent kernel's tile order must visit every tile once.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "compute/kernels/tensor_core_support.h"
#include "compute/kernels/tile_layout.h"

namespace whygpu::kernels {
namespace {

const int kChunksPerRow[] = {2, 4, 8, 16, 32};

TEST(Swizzle, IsAPermutationOfEachRow) {
  for (int cpr : kChunksPerRow) {
    for (int row = 0; row < 64; ++row) {
      std::set<int> seen;
      for (int c = 0; c < cpr; ++c) {
        const int p = swizzle_chunk(row, c, cpr);
        EXPECT_GE(p, 0);
        EXPECT_LT(p, cpr);
        seen.insert(p);
      }
      EXPECT_EQ(static_cast<int>(seen.size()), cpr) << "chunks per row " << cpr << ", row " << row;
    }
  }
}

// ldmatrix: 8 consecutive rows (from a multiple of 8) at one logical chunk in one wavefront.
TEST(Swizzle, EightRowsAtOneChunkHitEightBankGroups) {
  for (int cpr : kChunksPerRow) {
    for (int r0 = 0; r0 < 64; r0 += 8) {
      for (int c = 0; c < cpr; ++c) {
        std::set<int> groups;
        for (int r = r0; r < r0 + 8; ++r) groups.insert(bank_group(r, c, cpr));
        EXPECT_EQ(groups.size(), 8u) << "chunks per row " << cpr << ", rows " << r0 << "+, chunk " << c;
      }
    }
  }
}

// cp.async: 8 consecutive threads copy 8 consecutive chunks of the tile (row-major order).
TEST(Swizzle, EightConsecutiveChunksHitEightBankGroups) {
  for (int cpr : kChunksPerRow) {
    for (int first = 0; first < 64 * cpr; first += 8) {
      std::set<int> groups;
      for (int q = first; q < first + 8; ++q) groups.insert(bank_group(q / cpr, q % cpr, cpr));
      EXPECT_EQ(groups.size(), 8u) << "chunks per row " << cpr << ", first chunk " << first;
    }
  }
}

// The TMA's and wgmma's 128-byte swizzle XORs address bits 4-6 with bits 7-9.
TEST(Swizzle, EightChunkRowsMatchTheHardware128ByteSwizzle) {
  for (int row = 0; row < 32; ++row) {
    for (int c = 0; c < 8; ++c) {
      const int logical = row * 128 + c * 16;
      const int hardware = logical ^ (((logical >> 7) & 7) << 4);
      EXPECT_EQ(row * 128 + swizzle_chunk(row, c, 8) * 16, hardware) << row << " " << c;
    }
  }
}

TEST(TileEdges, ChunksPastTheMatrixAreNotLoaded) {
  EXPECT_TRUE(chunk_in_matrix(0, 0, 1, 1));
  EXPECT_TRUE(chunk_in_matrix(16, 3000, 17, 3001));  // straddles the last column: padded row
  EXPECT_FALSE(chunk_in_matrix(17, 0, 17, 3001));
  EXPECT_FALSE(chunk_in_matrix(0, 3008, 17, 3001));
  EXPECT_FALSE(needs_padded_copy(4096));
  EXPECT_TRUE(needs_padded_copy(3001));
  EXPECT_TRUE(needs_padded_copy(4));
  EXPECT_EQ(round_up(3001, 8), 3008);
  EXPECT_EQ(round_up(4096, 8), 4096);
  EXPECT_EQ(ceil_div(3001, 128), 24);
}

TEST(GroupedTiles, VisitEveryTileOnceBandByBand) {
  for (auto [rows, cols] : {std::pair{1, 1}, {32, 16}, {24, 12}, {7, 5}, {64, 32}, {3, 40}}) {
    for (int group : {1, 8, 16}) {
      std::set<std::pair<int, int>> seen;
      for (int i = 0; i < rows * cols; ++i) {
        const TileCoord t = grouped_tile(i, rows, cols, group);
        ASSERT_GE(t.row, 0);
        ASSERT_LT(t.row, rows);
        ASSERT_GE(t.col, 0);
        ASSERT_LT(t.col, cols);
        EXPECT_EQ(t.row / group, i / (group * cols)) << "tile " << i << " left its band";
        seen.insert({t.row, t.col});
      }
      EXPECT_EQ(static_cast<int>(seen.size()), rows * cols) << rows << " x " << cols << ", group " << group;
    }
  }
}

TEST(TensorCoreSupport, EachRungNamesTheGpuItNeeds) {
  for (MatmulVariant v : {MatmulVariant::GpuTcWmmaFp16, MatmulVariant::GpuTcWmmaBf16,
                          MatmulVariant::GpuTcMmaBf16, MatmulVariant::GpuTcWgmmaBf16})
    EXPECT_EQ(tensor_core_refusal(v, 9, 0, true), "") << matmul_variant_info(v).key;
  EXPECT_EQ(tensor_core_refusal(MatmulVariant::GpuTcWmmaFp16, 7, 5, false), "");
  const std::string turing = tensor_core_refusal(MatmulVariant::GpuTcMmaBf16, 7, 5, false);
  EXPECT_NE(turing.find("needs an Ampere or newer GPU"), std::string::npos) << turing;
  EXPECT_NE(turing.find("7.5"), std::string::npos) << turing;
  EXPECT_NE(tensor_core_refusal(MatmulVariant::GpuTcWmmaBf16, 7, 5, false), "");
  EXPECT_EQ(tensor_core_refusal(MatmulVariant::GpuTcMmaBf16, 8, 9, false), "");
  const std::string ada = tensor_core_refusal(MatmulVariant::GpuTcWgmmaBf16, 8, 9, false);
  EXPECT_NE(ada.find("gpu-tc-wgmma-bf16 needs a Hopper GPU (sm_90a build"), std::string::npos) << ada;
  EXPECT_NE(ada.find("8.9"), std::string::npos) << ada;
  const std::string blackwell = tensor_core_refusal(MatmulVariant::GpuTcWgmmaBf16, 10, 0, true);
  EXPECT_NE(blackwell.find("needs a Hopper GPU"), std::string::npos) << blackwell;
  const std::string no_code = tensor_core_refusal(MatmulVariant::GpuTcWgmmaBf16, 9, 0, false);
  EXPECT_NE(no_code.find("needs a Hopper GPU (sm_90a build)"), std::string::npos) << no_code;
  EXPECT_NE(no_code.find("90a-real"), std::string::npos) << no_code;
  EXPECT_EQ(tensor_core_refusal(MatmulVariant::CublasBf16, 7, 5, false), "");
}

}  // namespace
}  // namespace whygpu::kernels
