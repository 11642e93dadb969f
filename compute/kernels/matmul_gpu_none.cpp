// The GPU side of the matmul ladder (matmul_gpu.h) in a build without CUDA.
#include "compute/core/no_cuda.h"
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

Status gpu_matmul(MatmulVariant, int, const float*, const float*, float*, int, int, int) {
  return built_without_cuda();
}

Status time_gpu_matmul(MatmulVariant, int, int, const BenchOptions&, TimingStats*) { return built_without_cuda(); }

std::vector<std::string> tile_shape_names(MatmulVariant) { return {}; }

Status select_tile_shape_index(MatmulVariant, int) { return built_without_cuda(); }

int selected_tile_shape_index(MatmulVariant) { return -1; }

int tile_shape_index_for(MatmulVariant, int, int, int) { return -1; }

}  // namespace whygpu::kernels
