// The GPU timings of the vector-add and copy benchmarks in a build without CUDA.
#include "compute/kernels/bench_gpu.h"

namespace whygpu::kernels {
namespace {
Status no_cuda() { return Status::error("this build of whygpu has no CUDA support"); }
}  // namespace

Status time_gpu_vector_add(std::size_t, const BenchOptions&, TimingStats*) { return no_cuda(); }
Status time_gpu_vector_add_with_copies(std::size_t, const BenchOptions&,
                                       std::vector<TimingStats>*, TimingStats*) {
  return no_cuda();
}
Status time_gpu_copy(CopyKind, std::size_t, const BenchOptions&, TimingStats*) {
  return no_cuda();
}

}  // namespace whygpu::kernels
