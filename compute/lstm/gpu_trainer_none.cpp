// A build without CUDA: the GPU trainer explains why it is not there.
#include "compute/core/no_cuda.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {

Status make_gpu_trainer(const TrainerConfig&, const ModelWeights&, std::shared_ptr<const std::vector<TokenId>>,
                        const GpuTrainerOptions&, std::unique_ptr<Trainer>*) {
  return built_without_cuda();
}

}  // namespace whygpu::lstm
