// The GPU side of the matmul ladder in a build without CUDA.
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

Status gpu_matmul(MatmulVariant, int, const float*, const float*, float*, int, int, int) {
  return Status::error("this build of whygpu has no CUDA support");
}

Status time_gpu_matmul(MatmulVariant, int, int, const BenchOptions&, TimingStats*) {
  return Status::error("this build of whygpu has no CUDA support");
}

std::vector<std::string> tile_shape_names(MatmulVariant) { return {}; }

Status select_tile_shape_index(MatmulVariant, int) {
  return Status::error("this build of whygpu has no CUDA support");
}

int selected_tile_shape_index(MatmulVariant) { return -1; }

int tile_shape_index_for(MatmulVariant, int, int, int) { return -1; }

Status prepare_cublas() { return Status::error("this build of whygpu has no CUDA support"); }

}  // namespace whygpu::kernels
