// The GPU side of the matmul ladder in a build without CUDA.
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

Status gpu_matmul(MatmulVariant, int, const float*, const float*, float*, int, int, int) {
  return Status::error("this build of whygpu has no CUDA support");
}

Status time_gpu_matmul(MatmulVariant, int, int, const BenchOptions&, TimingStats*) {
  return Status::error("this build of whygpu has no CUDA support");
}

std::vector<std::string> sgemm_tile_shape_names() { return {}; }

Status select_sgemm_shape_index(int) {
  return Status::error("this build of whygpu has no CUDA support");
}

int selected_sgemm_shape_index() { return -1; }

Status prepare_cublas() { return Status::error("this build of whygpu has no CUDA support"); }

}  // namespace whygpu::kernels
