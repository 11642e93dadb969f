#pragma once
// The element-wise kernels of the CUDA lessons, each on the CPU and the GPU:
//   c = a + b              (vector add: one thread per element)
//   y = sigmoid(x)         (a __device__ function applied element-wise)
//   C = A + B              (2D matrix add, launched with dim3 blocks)
//   y = sigmoid(W x + b)   (a dense layer: matrix product, add, sigmoid; or one fused kernel)
// The GPU functions take host arrays and do the whole round trip (cudaMalloc, copy in,
// launch, copy back, free), like the lesson's first program. Sizes of zero and launch
// configurations the GPU refuses come back as a Status with the runtime's own words.
#include <cstddef>

#include "compute/core/status.h"

namespace whygpu::kernels {

// CPU versions. `threads` <= 0 means every hardware thread; 1 is a plain loop.
void cpu_vector_add(const float* a, const float* b, float* c, std::size_t n, int threads = 1);
void cpu_sigmoid(const float* x, float* y, std::size_t n);
// Row-major rows x cols matrices.
void cpu_matrix_add(const float* a, const float* b, float* c, int rows, int cols);
// w is out x in (row-major), bias has `out` elements; x holds `batch` samples of `in`
// inputs and y `batch` rows of `out` outputs, one sample after another.
void cpu_dense_layer(const float* w, const float* x, const float* bias, float* y, int out, int in,
                     int batch = 1);

// Sizes of a dense layer below 1 are an error naming them.
Status check_dense_sizes(int out, int in, int batch);

// How the GPU computes a dense layer: three kernels as the lesson builds it (z = W x, one
// thread per output; z += b; y = sigmoid(z)), or one kernel doing all three per thread.
enum class DenseKernels { Three, Fused };

// GPU versions (host arrays in and out).
Status gpu_vector_add(const float* a, const float* b, float* c, std::size_t n);
// The lesson's launch, exactly as given: kernel<<<blocks, threads>>> with one element per
// thread and a bounds check, so elements past blocks * threads are left unwritten. A
// configuration the GPU refuses (threads > 1024) returns the runtime's message.
Status gpu_vector_add_launch(const float* a, const float* b, float* c, std::size_t n,
                             unsigned blocks, unsigned threads);
Status gpu_sigmoid(const float* x, float* y, std::size_t n);
// Launched with dim3 blocks of block_x x block_y threads (x along columns).
Status gpu_matrix_add(const float* a, const float* b, float* c, int rows, int cols,
                      int block_x = 16, int block_y = 16);
// The dense layer on host arrays (shapes as cpu_dense_layer).
Status gpu_dense_layer(const float* w, const float* x, const float* bias, float* y, int out,
                       int in, int batch = 1, DenseKernels kernels = DenseKernels::Three);

// The CPU-side reference of the sigmoid, in double.
double sigmoid_reference(double x);

}  // namespace whygpu::kernels
