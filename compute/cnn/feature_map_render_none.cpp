// A build without CUDA: feature maps are drawn on the CPU only.
#include "compute/cnn/feature_map_render.h"
#include "compute/core/no_cuda.h"

namespace whygpu::cnn {

Status render_feature_maps_gpu(const float*, const FeatureMapLayout&, const FeatureMapStyle&, std::uint32_t*, int,
                               void*) {
  return built_without_cuda();
}

Status finish_feature_maps(void*) { return built_without_cuda(); }

}  // namespace whygpu::cnn
