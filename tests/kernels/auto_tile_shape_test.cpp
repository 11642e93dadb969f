// The tables "auto" follows (auto_tile_shape.cpp): well formed, each row with its
// measurement, and the measure (waves of 128 x 128 tiles) computed as the comments say.
// That each named shape exists is checked where the shapes are built (gpu_matmul_test.cpp).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "compute/kernels/auto_tile_shape.h"

namespace whygpu::kernels {
namespace {

const MatmulVariant kRungs[] = {MatmulVariant::GpuRegisterTiled, MatmulVariant::GpuTcWmmaFp16,
                                MatmulVariant::GpuTcWmmaBf16, MatmulVariant::GpuTcMmaBf16,
                                MatmulVariant::GpuTcWgmmaBf16};

TEST(AutoTileShape, TablesAscendAndSayWhatWasMeasured) {
  for (MatmulVariant v : kRungs) {
    const auto& rules = tile_shape_rules(v);
    ASSERT_FALSE(rules.empty()) << matmul_variant_info(v).key;
    for (std::size_t i = 0; i < rules.size(); ++i) {
      EXPECT_GT(std::strlen(rules[i].shape), 0u);
      EXPECT_NE(std::string(rules[i].measured).find("n="), std::string::npos)
          << rules[i].shape << ": a row names the size it was measured at";
      if (i > 0) {
        EXPECT_GT(rules[i].max_waves, rules[i - 1].max_waves);
      }
    }
  }
  EXPECT_TRUE(tile_shape_rules(MatmulVariant::CublasFp32).empty());
  EXPECT_EQ(auto_tile_shape(MatmulVariant::CublasFp32, 100, 100, 132, 9), "");
}

TEST(AutoTileShape, WavesCountPartialTilesOnTheGpusSms) {
  EXPECT_NEAR(waves_of_128_tiles(1000, 1000, 132), 64.0 / 132, 1e-12);   // 8 x 8 tiles
  EXPECT_NEAR(waves_of_128_tiles(1024, 1024, 132), 64.0 / 132, 1e-12);
  EXPECT_NEAR(waves_of_128_tiles(3001, 3001, 132), 576.0 / 132, 1e-12);  // 24 x 24
  EXPECT_NEAR(waves_of_128_tiles(6000, 6000, 132), 2209.0 / 132, 1e-12); // 47 x 47
  EXPECT_NEAR(waves_of_128_tiles(1, 129, 132), 2.0 / 132, 1e-12);
  EXPECT_NEAR(waves_of_128_tiles(4096, 4096, 0), 1024.0, 1e-12);  // no SMs known: one
}

// Each measured size gets the row measured there (the tables' reason for being).
TEST(AutoTileShape, MeasuredSizesGetTheirMeasuredRow) {
  for (MatmulVariant v : kRungs) {
    for (const TileShapeRule& r : tile_shape_rules(v)) {
      const std::string m(r.measured);
      for (int n : {1024, 2048, 3001, 4096, 6000, 8192}) {
        const std::string tag = "n=" + std::to_string(n);
        if (m.rfind(tag, 0) != 0) continue;  // rows start with the size that placed them
        EXPECT_EQ(auto_tile_shape(v, n, n, 132, 9), r.shape) << matmul_variant_info(v).key << " " << tag;
      }
    }
  }
}

TEST(AutoTileShape, SmallerGpusFillUpAtSmallerSizes) {
  // 2048 is 1.94 waves on 132 SMs but 11.1 on 23: past the small-size rows.
  const auto v = MatmulVariant::GpuRegisterTiled;
  EXPECT_EQ(auto_tile_shape(v, 1024, 1024, 132, 9), "async-t/64x128x16/8x8/s4");
  EXPECT_NE(auto_tile_shape(v, 2048, 2048, 23, 8), auto_tile_shape(v, 1024, 1024, 132, 9));
  EXPECT_EQ(auto_tile_shape(v, 4096, 4096, 132, 7), "128x128x16/8x8/w4/2");  // no cp.async
}

}  // namespace
}  // namespace whygpu::kernels
