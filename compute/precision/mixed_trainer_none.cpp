// A build without CUDA: the mixed-precision trainer explains why it is not there.
#include "compute/core/no_cuda.h"
#include "compute/precision/mixed_trainer.h"

namespace whygpu::precision {

Status create_mixed_trainer(const MixedOptions&, std::unique_ptr<MixedTrainer>*) { return built_without_cuda(); }

Status run_mixed_step_check(const WideShape&, Precision, const std::vector<float>&, const std::vector<std::uint8_t>&,
                            const std::vector<std::uint8_t>&, const cnn::AdamConfig&, float, MixedStepCheck*) {
  return built_without_cuda();
}

Status run_gpu_round_trip(Precision, const std::vector<float>&, std::vector<float>*) { return built_without_cuda(); }

Status run_gpu_unscale_check(const std::vector<float>&, float, std::vector<float>*, bool*) {
  return built_without_cuda();
}

}  // namespace whygpu::precision
