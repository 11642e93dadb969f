// Built instead of the .cu files when there is no CUDA compiler.
#include "compute/lstm/generator.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {

Status make_gpu_trainer(const TrainerConfig&, const ModelWeights&, std::shared_ptr<const std::vector<TokenId>>,
                        const GpuTrainerOptions&, std::unique_ptr<Trainer>*) {
  return Status::error("this build of whygpu has no CUDA support");
}

Status make_gpu_generator(const ModelWeights&, std::unique_ptr<Generator>*) {
  return Status::error("this build of whygpu has no CUDA support");
}

}  // namespace whygpu::lstm
