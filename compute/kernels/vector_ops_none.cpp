// The GPU element-wise entry points in a build without CUDA.
#include "compute/kernels/vector_ops.h"

namespace whygpu::kernels {
namespace {
Status no_cuda() { return Status::error("this build of whygpu has no CUDA support"); }
}  // namespace

Status gpu_vector_add(const float*, const float*, float*, std::size_t) { return no_cuda(); }
Status gpu_vector_add_launch(const float*, const float*, float*, std::size_t, unsigned,
                             unsigned) {
  return no_cuda();
}
Status gpu_sigmoid(const float*, float*, std::size_t) { return no_cuda(); }
Status gpu_matrix_add(const float*, const float*, float*, int, int, int, int) {
  return no_cuda();
}
Status gpu_dense_layer(const float*, const float*, const float*, float*, int, int) {
  return no_cuda();
}

}  // namespace whygpu::kernels
