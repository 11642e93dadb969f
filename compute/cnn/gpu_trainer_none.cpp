// A build without CUDA: the GPU trainer explains why it is not there.
#include "compute/cnn/gpu_trainer.h"
#include "compute/core/no_cuda.h"

namespace whygpu::cnn {

Status create_gpu_trainer(const TrainerOptions&, std::unique_ptr<GpuTrainer>*) { return built_without_cuda(); }

Status run_gpu_step_check(const std::vector<float>&, const std::vector<std::uint8_t>&,
                          const std::vector<std::uint8_t>&, const AdamConfig&, GpuStepCheck*) {
  return built_without_cuda();
}

Status run_gpu_gather_check(const std::vector<std::uint8_t>&, const AugmentState&, int, std::vector<float>*) {
  return built_without_cuda();
}

}  // namespace whygpu::cnn
