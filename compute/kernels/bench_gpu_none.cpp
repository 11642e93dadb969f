// The GPU timings of the vector-add and copy benchmarks in a build without CUDA.
#include "compute/kernels/bench_gpu.h"
#include "compute/core/no_cuda.h"

namespace whygpu::kernels {
Status time_gpu_vector_add(std::size_t, const BenchOptions&, TimingStats*) { return built_without_cuda(); }
Status time_gpu_vector_add_with_copies(std::size_t, const BenchOptions&,
                                       std::vector<TimingStats>*, TimingStats*) {
  return built_without_cuda();
}
Status time_gpu_copy(CopyKind, std::size_t, const BenchOptions&, TimingStats*) {
  return built_without_cuda();
}

}  // namespace whygpu::kernels
