// A build without CUDA: the GPU generator explains why it is not there.
#include "compute/core/no_cuda.h"
#include "compute/lstm/generator.h"

namespace whygpu::lstm {

Status make_gpu_generator(const ModelWeights&, std::unique_ptr<Generator>*) { return built_without_cuda(); }

}  // namespace whygpu::lstm
