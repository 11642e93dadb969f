// The element-wise GPU kernels and their host-array entry points (see vector_ops.h).
#include <algorithm>
#include <cstdint>
#include <string>

#include "compute/kernels/device_buffers.cuh"
#include "compute/kernels/random_fill_hash.h"
#include "compute/kernels/vector_launch.h"
#include "compute/kernels/vector_ops.h"

namespace whygpu::kernels {
namespace {

constexpr int kThreads = 256;

// Grid for grid-stride loops: enough blocks to fill every SM several times over, fewer
// when there is less work.
unsigned grid_for(std::size_t items) {
  const std::size_t wanted = (items + kThreads - 1) / kThreads;
  const std::size_t fill = static_cast<std::size_t>(std::max(1, gpu_info().sm_count)) * 16;
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min(wanted, fill)));
}

// c = a + b, four floats per load (16-byte accesses, coalesced across the warp), in a
// grid-stride loop; the last n % 4 elements are done by the first threads of the grid.
__global__ void vector_add_kernel(const float* __restrict__ a, const float* __restrict__ b,
                                  float* __restrict__ c, std::size_t n) {
  const std::size_t n4 = n / 4;
  const std::size_t first = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  const float4* a4 = reinterpret_cast<const float4*>(a);
  const float4* b4 = reinterpret_cast<const float4*>(b);
  float4* c4 = reinterpret_cast<float4*>(c);
#pragma unroll 4
  for (std::size_t i = first; i < n4; i += stride) {
    const float4 x = a4[i];
    const float4 y = b4[i];
    c4[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
  const std::size_t tail = n4 * 4 + first;
  if (tail < n) c[tail] = a[tail] + b[tail];
}

// The lesson's first kernel: one element per thread, no loop.
__global__ void vector_add_one_per_thread(const float* a, const float* b, float* c,
                                          std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// A __device__ function: callable from kernels only.
__device__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void sigmoid_kernel(const float* __restrict__ x, float* __restrict__ y,
                               std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    y[i] = sigmoid(x[i]);
}

// One thread per matrix element: x walks the columns, y the rows.
__global__ void matrix_add_kernel(const float* a, const float* b, float* c, int rows,
                                  int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    const std::size_t i = static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) + col;
    c[i] = a[i] + b[i];
  }
}

// Z = X W^T: sample s's outputs z[s][r] = sum_k w[r][k] x[s][k], with one thread per
// output (x: the row r, y: the sample s). A matrix product whose i and j loops became
// threads, leaving the loop over k; batch 1 is the matrix-vector product W x.
__device__ float dense_dot(const float* __restrict__ w, const float* __restrict__ x, int r,
                           int s, int in) {
  const float* row = w + static_cast<std::size_t>(r) * static_cast<std::size_t>(in);
  const float* sample = x + static_cast<std::size_t>(s) * static_cast<std::size_t>(in);
  float sum = 0.0f;
  for (int k = 0; k < in; ++k) sum += row[k] * sample[k];
  return sum;
}

__global__ void dense_product_kernel(const float* __restrict__ w, const float* __restrict__ x,
                                     float* __restrict__ z, int out, int in, int batch) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  const int s = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= out || s >= batch) return;
  z[static_cast<std::size_t>(s) * out + r] = dense_dot(w, x, r, s, in);
}

// z[s][r] += b[r]: the bias, the same for every sample of the batch.
__global__ void add_bias_kernel(float* __restrict__ z, const float* __restrict__ bias, int out,
                                std::size_t count) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride)
    z[i] += bias[i % static_cast<std::size_t>(out)];
}

// The three kernels in one: each thread's sum goes through the bias and the sigmoid in
// registers and is written once, instead of being written, read, written, read, written.
__global__ void dense_fused_kernel(const float* __restrict__ w, const float* __restrict__ x,
                                   const float* __restrict__ bias, float* __restrict__ y, int out,
                                   int in, int batch) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  const int s = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= out || s >= batch) return;
  y[static_cast<std::size_t>(s) * out + r] = sigmoid(dense_dot(w, x, r, s, in) + bias[r]);
}

// Blocks of the product and fused kernels: 64 outputs of one sample, so that even a
// single layer of 1,024 outputs spreads over 16 SMs instead of 4.
constexpr int kDenseBlock = 64;

dim3 dense_grid(int out, int batch) {
  return dim3(static_cast<unsigned>((out + kDenseBlock - 1) / kDenseBlock), static_cast<unsigned>(batch));
}

__global__ void fill_uniform_kernel(float* p, std::size_t n, std::uint64_t seed) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    p[i] = uniform_from_hash(mix64(seed, i));
}

Status check_length(std::size_t n, const char* what) {
  if (n == 0)
    return Status::error(Wording::sentence(N_("{0}: the vector length must be at least 1"), {what}));
  return Status::ok();
}

}  // namespace

Status launch_vector_add(const float* a, const float* b, float* c, std::size_t n) {
  vector_add_kernel<<<grid_for((n + 3) / 4), kThreads>>>(a, b, c, n);
  WHYGPU_CUDA_TRY_LAUNCH("vector_add_kernel");
  return Status::ok();
}

void enqueue_add_one_per_thread(const float* a, const float* b, float* c, std::size_t n, unsigned blocks,
                                unsigned threads) {
  vector_add_one_per_thread<<<blocks, threads>>>(a, b, c, n);
}

Status launch_sigmoid(const float* x, float* y, std::size_t n) {
  sigmoid_kernel<<<grid_for(n), kThreads>>>(x, y, n);
  WHYGPU_CUDA_TRY_LAUNCH("sigmoid_kernel");
  return Status::ok();
}

Status launch_dense_product(const float* w, const float* x, float* z, int out, int in, int batch) {
  dense_product_kernel<<<dense_grid(out, batch), kDenseBlock>>>(w, x, z, out, in, batch);
  WHYGPU_CUDA_TRY_LAUNCH("dense_product_kernel");
  return Status::ok();
}

Status launch_add_bias(float* z, const float* bias, int out, int batch) {
  const std::size_t count = static_cast<std::size_t>(out) * static_cast<std::size_t>(batch);
  add_bias_kernel<<<grid_for(count), kThreads>>>(z, bias, out, count);
  WHYGPU_CUDA_TRY_LAUNCH("add_bias_kernel");
  return Status::ok();
}

Status launch_dense_fused(const float* w, const float* x, const float* bias, float* y, int out, int in,
                          int batch) {
  dense_fused_kernel<<<dense_grid(out, batch), kDenseBlock>>>(w, x, bias, y, out, in, batch);
  WHYGPU_CUDA_TRY_LAUNCH("dense_fused_kernel");
  return Status::ok();
}

Status fill_uniform_device(float* p, std::size_t n, std::uint64_t seed) {
  fill_uniform_kernel<<<grid_for(n), kThreads>>>(p, n, seed);
  WHYGPU_CUDA_TRY_LAUNCH("fill_uniform_kernel");
  return Status::ok();
}

Status gpu_vector_add(const float* a, const float* b, float* c, std::size_t n) {
  if (Status s = check_length(n, "vector add"); !s) return s;
  if (Status s = check_fits_on_gpu(3.0 * 4.0 * static_cast<double>(n), 0, "vector add"); !s)
    return s;
  DeviceBuffer<float> da, db, dc;
  if (Status s = upload(a, n, &da); !s) return s;
  if (Status s = upload(b, n, &db); !s) return s;
  if (Status s = dc.allocate(n); !s) return s;
  if (Status s = launch_vector_add(da.get(), db.get(), dc.get(), n); !s) return s;
  return download(dc, c, n);
}

Status gpu_vector_add_launch(const float* a, const float* b, float* c, std::size_t n,
                             unsigned blocks, unsigned threads) {
  if (Status s = check_length(n, "vector add"); !s) return s;
  if (blocks == 0 || threads == 0)
    return Status::error(Wording::sentence(
        N_("vector add: a launch needs at least one block of one thread")));
  if (Status s = check_fits_on_gpu(3.0 * 4.0 * static_cast<double>(n), 0, "vector add"); !s)
    return s;
  DeviceBuffer<float> da, db, dc;
  if (Status s = upload(a, n, &da); !s) return s;
  if (Status s = upload(b, n, &db); !s) return s;
  if (Status s = upload(c, n, &dc); !s) return s;  // unwritten elements keep their values
  enqueue_add_one_per_thread(da.get(), db.get(), dc.get(), n, blocks, threads);
  WHYGPU_CUDA_TRY_LAUNCH("vector_add_one_per_thread");
  return download(dc, c, n);
}

Status gpu_sigmoid(const float* x, float* y, std::size_t n) {
  if (Status s = check_length(n, "sigmoid"); !s) return s;
  if (Status s = check_fits_on_gpu(2.0 * 4.0 * static_cast<double>(n), 0, "sigmoid"); !s)
    return s;
  DeviceBuffer<float> dx, dy;
  if (Status s = upload(x, n, &dx); !s) return s;
  if (Status s = dy.allocate(n); !s) return s;
  if (Status s = launch_sigmoid(dx.get(), dy.get(), n); !s) return s;
  return download(dy, y, n);
}

Status gpu_matrix_add(const float* a, const float* b, float* c, int rows, int cols,
                      int block_x, int block_y) {
  if (rows < 1 || cols < 1)
    return Status::error(Wording::sentence(
        N_("matrix add: rows and columns must be at least 1 (got {0} x {1})"),
        {std::to_string(rows), std::to_string(cols)}));
  if (block_x < 1 || block_y < 1)
    return Status::error(Wording::sentence(N_("matrix add: block dimensions must be at least 1")));
  const dim3 block(static_cast<unsigned>(block_x), static_cast<unsigned>(block_y));
  const dim3 grid(static_cast<unsigned>((cols + block_x - 1) / block_x),
                  static_cast<unsigned>((rows + block_y - 1) / block_y));
  const std::size_t n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (Status s = check_fits_on_gpu(3.0 * 4.0 * static_cast<double>(n), 0, "matrix add"); !s)
    return s;
  DeviceBuffer<float> da, db, dc;
  if (Status s = upload(a, n, &da); !s) return s;
  if (Status s = upload(b, n, &db); !s) return s;
  if (Status s = dc.allocate(n); !s) return s;
  matrix_add_kernel<<<grid, block>>>(da.get(), db.get(), dc.get(), rows, cols);
  WHYGPU_CUDA_TRY_LAUNCH("matrix_add_kernel");
  return download(dc, c, n);
}

Status gpu_dense_layer(const float* w, const float* x, const float* bias, float* y, int out,
                       int in, int batch, DenseKernels kernels) {
  if (Status s = check_dense_sizes(out, in, batch); !s) return s;
  const std::size_t wn = static_cast<std::size_t>(out) * static_cast<std::size_t>(in);
  const std::size_t xn = static_cast<std::size_t>(in) * static_cast<std::size_t>(batch);
  const std::size_t yn = static_cast<std::size_t>(out) * static_cast<std::size_t>(batch);
  const double bytes = 4.0 * (static_cast<double>(wn) + static_cast<double>(xn) + out + 2.0 * static_cast<double>(yn));
  if (Status s = check_fits_on_gpu(bytes, 0, "dense layer"); !s) return s;
  DeviceBuffer<float> dw, dx, db, dz, dy;
  if (Status s = upload(w, wn, &dw); !s) return s;
  if (Status s = upload(x, xn, &dx); !s) return s;
  if (Status s = upload(bias, static_cast<std::size_t>(out), &db); !s) return s;
  if (Status s = dy.allocate(yn); !s) return s;
  if (kernels == DenseKernels::Fused) {
    if (Status s = launch_dense_fused(dw.get(), dx.get(), db.get(), dy.get(), out, in, batch); !s) return s;
  } else {
    if (Status s = dz.allocate(yn); !s) return s;
    if (Status s = launch_dense_product(dw.get(), dx.get(), dz.get(), out, in, batch); !s) return s;
    if (Status s = launch_add_bias(dz.get(), db.get(), out, batch); !s) return s;
    if (Status s = launch_sigmoid(dz.get(), dy.get(), yn); !s) return s;
  }
  return download(dy, y, yn);
}

}  // namespace whygpu::kernels
