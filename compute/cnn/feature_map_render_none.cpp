// A build without CUDA: feature maps are drawn on the CPU only.
#include "compute/cnn/feature_map_render.h"

namespace whygpu::cnn {

Status render_feature_maps_gpu(const float*, const FeatureMapLayout&, const FeatureMapStyle&, std::uint32_t*, int,
                               void*) {
  return Status::error("this build of whygpu has no CUDA support");
}

Status finish_feature_maps(void*) { return Status::error("this build of whygpu has no CUDA support"); }

}  // namespace whygpu::cnn
