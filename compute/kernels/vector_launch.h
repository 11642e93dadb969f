#pragma once
// Launchers of the element-wise and dense-layer kernels on device pointers (default
// stream), for benchmarks and lessons that time the kernels alone. Pointers must come from cudaMalloc (16-byte aligned): the kernels
// read and write float4. Each returns the launch's Status.
#include <cstddef>

#include "compute/core/status.h"

namespace whygpu::kernels {

Status launch_vector_add(const float* a, const float* b, float* c, std::size_t n);
Status launch_sigmoid(const float* x, float* y, std::size_t n);

// The lesson's first kernel, add<<<blocks, threads>>>(a, b, c, n) with one element per
// thread, launched and NOT checked: the caller reads cudaGetLastError() itself, as the
// host-program lesson shows a program doing (or forgetting to do).
void enqueue_add_one_per_thread(const float* a, const float* b, float* c, std::size_t n, unsigned blocks,
                                unsigned threads);

// The dense layer's kernels (shapes as cpu_dense_layer in vector_ops.h): z = W x for each
// sample, z += bias, and the fused y = sigmoid(W x + bias).
Status launch_dense_product(const float* w, const float* x, float* z, int out, int in, int batch);
Status launch_add_bias(float* z, const float* bias, int out, int batch);
Status launch_dense_fused(const float* w, const float* x, const float* bias, float* y, int out, int in,
                          int batch);

}  // namespace whygpu::kernels
