// The tables "auto" follows. Every row comes from `whygpu bench matmul --tune`: on the lent
// H100 (132 SMs), 2026-11-24 02:40 UTC (tests/device/results/2026-11-24-0240-h100-tc-tune.txt
// and -run.log; PERF_NOTES.md), and for wgmma on an H200 (see there): each shape of the
// rung at n = 1024, 3001, 4096, 8192 (FP32 also 2048), against cuBLAS in the same
// precision in the same process. A row's range reaches halfway (geometrically) to the next
// measured size. Where the tune did not measure a size the row says what the bench
// measured there. Percentages are of cuBLAS.
//
// The measure is waves of 128 x 128 output tiles: n = 1000 and 1024 make 0.48 waves,
// 2048 1.94, 3001 4.36, 4096 7.76, 6000 16.7, 8192 31.0 on 132 SMs.
#include "compute/kernels/auto_tile_shape.h"

#include <algorithm>
#include <limits>

namespace whygpu::kernels {
namespace {

constexpr double kAll = std::numeric_limits<double>::infinity();

const std::vector<TileShapeRule> kFp32 = {
    {0.97, "async-t/64x128x16/8x8/s4",
     "n=1024: 32.4 TFLOP/s, 92.9%. 128 x 128 tiles make 64 blocks for 132 SMs (54-59%); "
     "split-k over 128 x 128 tiles 82%"},
    {2.91, "async-t/128x256x16/8x16/s3",
     "n=2048: 44.5, 88.7%; 128x128 tiles 84.9% (128 FMAs per 6 shared loads instead of 64 per 4)"},
    {5.82, "async-t/128x128x16/8x8/s3/split2",
     "n=3001: 36.3, 84.6%. 128x256 tiles: 288 blocks, one per SM, 2.2 waves, the third 18% "
     "full (69.3%); split in two along k, 4.4 waves of 128 x 128 blocks"},
    {11.4, "async-t/128x256x16/8x16/s3", "n=4096: 45.0, 87.6%; 128x128 tiles 84.5%"},
    {22.8, "async-t/128x128x16/8x8/s4",
     "n=6000: 44.2, 92.8% (bench; no shape was tuned at 6000)"},
    {kAll, "async-t/128x256x16/8x16/s3", "n=8192: 45.2, 88.0%; 128x128 tiles 85.0%"},
};

// FP16 and BF16 alike (the same kernel; FP16 ran 8-23% faster at every size).
const std::vector<TileShapeRule> kWmma = {
    {1.45, "64x64x32/w2x2",
     "n=1024: FP16 67.1 TFLOP/s (30.2%), BF16 62.3 (27.6%); 128x128 tiles fill 64 of 132 "
     "SMs (66-70% of that)"},
    {kAll, "128x128x32/w2x4",
     "n=3001, 4096, 8192: FP16 143.2, 214.2, 217.4; BF16 122.1, 173.9, 178.4 (23-30%); "
     "64x64 tiles 70-85% of that; 4 x 2 warps within 1-10%"},
};

const std::vector<TileShapeRule> kMma = {
    {1.45, "64x128x32/w2x2/s4", "n=1024: 111.2 TFLOP/s, 49.3%; 128x128x64 47.3%"},
    {15.5, "128x128x64/w2x2/s3",
     "n=3001: 231.4 (cuBLAS BF16 is slow at odd n); n=4096: 371.0, 49.4%; 128x128x32 with "
     "2 x 4 warps (the earlier default) 42.2%: its 64 x 32 warp tiles need 6 ldmatrix per 16 "
     "mmas, 64 x 64 ones 8 per 32"},
    {kAll, "128x128x32/w2x2/s4", "n=8192: 364.4, 50.2%; 128x128x64/s3 48.5%"},
};

// Rows from 2026-11-29 19:10 UTC are an H200's (132 SMs, as the H100), every shape at each
// size beside cuBLAS BF16 in one process (tests/device/results/2026-11-29-1910-h200x4-speed3.log).
const std::vector<TileShapeRule> kWgmma = {
    {0.97, "128x128x64/s6/c2",
     "n=1000: 151.3 TFLOP/s, 93.6% (H200); 128x128x64/s6 140.8; 128x64x64/s8 129.9. "
     "n=1024: 168.4, 79.7%, where 128x64x64/s8 made 181.9 (86.0%): rows of 2048 bytes suit "
     "its 16 columns of 64-wide tiles, rows of 2000 bytes do not"},
    {2.91, "128x256x64/s4",
     "n=2048: 545.3, 93.5% (H200); every 128 x 256 form within 1% (band1024 549.2, c2 545.3): "
     "128 tiles, one round on 132 SMs"},
    {5.82, "128x128x64/s6/c2",
     "n=3001: 341.7 (3.2 x cuBLAS BF16, slow at odd n; H200); 128x128x64/s6 315.6"},
    {11.4, "128x256x64/s4/l2p128/c2",
     "n=4096: 748.5, 97.3% (H200); 128x256x64/s4 738.6 (96.0%), /c2 746.5: the pair's B "
     "read once from L2 for two blocks"},
    {22.8, "128x256x64/s4/l2p128/c2",
     "n=6000: 724.8, 93.7% (H200); /l2p128 698.1, 128x256x64/s4 672.0: rows 12000 bytes apart "
     "straddle 128-byte lines, and the loads' 256-byte L2 promotion fetched more than the tiles use"},
    {kAll, "128x256x64/s4",
     "n=8192: 792.8, 99.8% (H200; the H100: 760.2, 104.6%); /l2p128/c2 780.0, /c2 764.1"},
};

const std::vector<TileShapeRule> kNone;

}  // namespace

const std::vector<TileShapeRule>& tile_shape_rules(MatmulVariant variant) {
  switch (variant) {
    case MatmulVariant::GpuRegisterTiled: return kFp32;
    case MatmulVariant::GpuTcWmmaFp16:
    case MatmulVariant::GpuTcWmmaBf16: return kWmma;
    case MatmulVariant::GpuTcMmaBf16: return kMma;
    case MatmulVariant::GpuTcWgmmaBf16: return kWgmma;
    default: return kNone;
  }
}

double waves_of_128_tiles(int m, int n, int sm_count) {
  const double tiles = static_cast<double>((std::max(m, 1) + 127) / 128) * ((std::max(n, 1) + 127) / 128);
  return tiles / std::max(sm_count, 1);
}

std::string auto_tile_shape(MatmulVariant variant, int m, int n, int sm_count, int compute_major) {
  if (variant == MatmulVariant::GpuRegisterTiled && compute_major < 8) return "128x128x16/8x8/w4/2";
  const std::vector<TileShapeRule>& rules = tile_shape_rules(variant);
  if (rules.empty()) return "";
  const double w = waves_of_128_tiles(m, n, sm_count);
  for (const TileShapeRule& r : rules)
    if (w <= r.max_waves) return r.shape;
  return rules.back().shape;
}

}  // namespace whygpu::kernels
