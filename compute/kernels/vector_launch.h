#pragma once
// Launchers of the element-wise kernels on device pointers (default stream), for the
// module's benchmarks. Pointers must come from cudaMalloc (16-byte aligned): the kernels
// read and write float4. Each returns the launch's Status.
#include <cstddef>

#include "compute/core/status.h"

namespace whygpu::kernels {

Status launch_vector_add(const float* a, const float* b, float* c, std::size_t n);
Status launch_sigmoid(const float* x, float* y, std::size_t n);

}  // namespace whygpu::kernels
