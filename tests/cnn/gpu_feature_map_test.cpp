// The GPU renderer against the CPU one on random maps (negative values too), odd layouts,
// every colour map and normalisation, with the picture poisoned first.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "compute/cnn/feature_map_render.h"
#include "tests/gpu_test_support.h"

namespace whygpu::cnn {
namespace {

TEST(GpuFeatureMaps, MatchTheCpuPictureEverywhere) {
  WHYGPU_REQUIRE_GPU();
  std::mt19937 rng(21);
  struct Case { int channels, h, w, columns, scale, gap; };
  for (const Case& c : {Case{7, 3, 5, 3, 3, 1}, Case{64, 11, 11, 8, 4, 2}, Case{1, 1, 64, 1, 6, 0}, Case{32, 26, 26, 5, 2, 3}}) {
    FeatureMapLayout layout{c.channels, c.h, c.w, c.columns, c.scale, c.gap};
    std::normal_distribution<float> normal(0.2f, 1.0f);
    std::vector<float> maps(static_cast<std::size_t>(c.channels) * c.h * c.w);
    for (float& v : maps) v = normal(rng);
    const int pitch = layout.width() + 3;
    const std::size_t pixels = static_cast<std::size_t>(pitch) * layout.height();
    float* d_maps = nullptr;
    std::uint32_t* d_picture = nullptr;
    ASSERT_EQ(cudaMalloc(&d_maps, maps.size() * sizeof(float)), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&d_picture, pixels * sizeof(std::uint32_t)), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(d_maps, maps.data(), maps.size() * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
    for (ColourMap colour_map : {ColourMap::kGrey, ColourMap::kViridis, ColourMap::kDiverging})
      for (Normalization normalization : {Normalization::kPerMap, Normalization::kPerLayer}) {
        SCOPED_TRACE(std::to_string(c.channels) + " maps, colour_map " + std::to_string(int(colour_map)) +
                     ", normalisation " + std::to_string(int(normalization)));
        const FeatureMapStyle style{colour_map, normalization, 0xFF102030u};
        ASSERT_EQ(cudaMemset(d_picture, 0x5A, pixels * sizeof(std::uint32_t)), cudaSuccess);  // alpha 0x5A: poison
        const Status s = render_feature_maps_gpu(d_maps, layout, style, d_picture, pitch, nullptr);
        ASSERT_TRUE(s.is_ok()) << s.message();
        ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
        std::vector<std::uint32_t> gpu(pixels), cpu(pixels, 0x5A5A5A5Au);
        ASSERT_EQ(cudaMemcpy(gpu.data(), d_picture, pixels * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), cudaSuccess);
        ASSERT_TRUE(render_feature_maps_cpu(maps.data(), layout, style, cpu.data(), pitch).is_ok());
        int mismatched = 0;
        for (int y = 0; y < layout.height(); ++y)
          for (int x = 0; x < pitch; ++x) {
            const std::uint32_t a = gpu[y * pitch + x], b = cpu[y * pitch + x];
            if (x >= layout.width()) {
              ASSERT_EQ(a, 0x5A5A5A5Au) << "wrote outside the picture at " << x << "," << y;
              continue;
            }
            ASSERT_EQ(a >> 24, 0xFFu) << "pixel " << x << "," << y << " left unwritten";
            for (int k = 0; k < 3; ++k)  // one step of rounding apart at most
              if (std::abs(int((a >> (8 * k)) & 0xFF) - int((b >> (8 * k)) & 0xFF)) > 1) ++mismatched;
          }
        EXPECT_EQ(mismatched, 0);
      }
    cudaFree(d_maps);
    cudaFree(d_picture);
  }
}

}  // namespace
}  // namespace whygpu::cnn
