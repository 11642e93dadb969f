#pragma once
// GPU timings behind the vector-add and copy benchmarks (bench_gpu.cu; in a build without
// CUDA, bench_gpu_none.cpp says so).
#include <cstddef>
#include <vector>

#include "compute/kernels/copy_bench.h"
#include "compute/kernels/measurement.h"

namespace whygpu::kernels {

// The add kernel alone on device-resident random inputs (rotated when they fit in L2).
Status time_gpu_vector_add(std::size_t n, const BenchOptions& options, TimingStats* out);

// H2D of a and b, the kernel, D2H of c, from pinned host memory: phases[0..2] and total.
Status time_gpu_vector_add_with_copies(std::size_t n, const BenchOptions& options,
                                       std::vector<TimingStats>* phases, TimingStats* total);

Status time_gpu_copy(CopyKind kind, std::size_t bytes, const BenchOptions& options,
                     TimingStats* out);

}  // namespace whygpu::kernels
