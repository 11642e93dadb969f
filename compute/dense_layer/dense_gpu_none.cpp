// The GPU half of the dense-layer measurement in a build without CUDA.
#include "compute/core/no_cuda.h"
#include "compute/dense_layer/dense_bench.h"

namespace whygpu::dense_layer {

Status measure_dense_gpu(const DenseSizes&, const float*, const float*, const float*, const float*,
                         const MeasureOptions&, DenseTiming*) {
  return built_without_cuda();
}

}  // namespace whygpu::dense_layer
