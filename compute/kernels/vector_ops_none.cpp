// The GPU element-wise entry points in a build without CUDA.
#include "compute/kernels/vector_ops.h"
#include "compute/core/no_cuda.h"

namespace whygpu::kernels {
Status gpu_vector_add(const float*, const float*, float*, std::size_t) { return built_without_cuda(); }
Status gpu_vector_add_launch(const float*, const float*, float*, std::size_t, unsigned,
                             unsigned) {
  return built_without_cuda();
}
Status gpu_sigmoid(const float*, float*, std::size_t) { return built_without_cuda(); }
Status gpu_matrix_add(const float*, const float*, float*, int, int, int, int) {
  return built_without_cuda();
}
Status gpu_dense_layer(const float*, const float*, const float*, float*, int, int, int, DenseKernels) {
  return built_without_cuda();
}

}  // namespace whygpu::kernels
