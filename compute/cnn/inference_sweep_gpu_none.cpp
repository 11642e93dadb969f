// A build without CUDA: the GPU side of the inference sweep explains why it is not there.
#include "compute/cnn/inference_sweep.h"
#include "compute/core/no_cuda.h"

namespace whygpu::cnn {

Status sweep_gpu_inference(const std::vector<float>&, const Dataset&, const InferenceSweepOptions&,
                           std::vector<InferencePoint>*) {
  return built_without_cuda();
}

}  // namespace whygpu::cnn
