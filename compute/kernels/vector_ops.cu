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

// y = W x with one thread per output row: a matrix product whose i and j loops became
// threads, leaving the loop over k.
__global__ void matvec_kernel(const float* __restrict__ w, const float* __restrict__ x,
                              float* __restrict__ y, int out, int in) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= out) return;
  const float* row = w + static_cast<std::size_t>(r) * static_cast<std::size_t>(in);
  float sum = 0.0f;
  for (int k = 0; k < in; ++k) sum += row[k] * x[k];
  y[r] = sum;
}

__global__ void fill_uniform_kernel(float* p, std::size_t n, std::uint64_t seed) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    p[i] = uniform_from_hash(mix64(seed, i));
}

Status check_length(std::size_t n, const char* what) {
  if (n == 0) return Status::error(std::string(what) + ": the vector length must be at least 1");
  return Status::ok();
}

}  // namespace

Status launch_vector_add(const float* a, const float* b, float* c, std::size_t n) {
  vector_add_kernel<<<grid_for((n + 3) / 4), kThreads>>>(a, b, c, n);
  WHYGPU_CUDA_TRY_LAUNCH("vector_add_kernel");
  return Status::ok();
}

Status launch_sigmoid(const float* x, float* y, std::size_t n) {
  sigmoid_kernel<<<grid_for(n), kThreads>>>(x, y, n);
  WHYGPU_CUDA_TRY_LAUNCH("sigmoid_kernel");
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
    return Status::error("vector add: a launch needs at least one block of one thread");
  if (Status s = check_fits_on_gpu(3.0 * 4.0 * static_cast<double>(n), 0, "vector add"); !s)
    return s;
  DeviceBuffer<float> da, db, dc;
  if (Status s = upload(a, n, &da); !s) return s;
  if (Status s = upload(b, n, &db); !s) return s;
  if (Status s = upload(c, n, &dc); !s) return s;  // unwritten elements keep their values
  vector_add_one_per_thread<<<blocks, threads>>>(da.get(), db.get(), dc.get(), n);
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
    return Status::error("matrix add: rows and columns must be at least 1 (got " +
                         std::to_string(rows) + " x " + std::to_string(cols) + ")");
  if (block_x < 1 || block_y < 1)
    return Status::error("matrix add: block dimensions must be at least 1");
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
                       int in) {
  if (out < 1 || in < 1)
    return Status::error("dense layer: sizes must be at least 1 (got " + std::to_string(out) +
                         " outputs, " + std::to_string(in) + " inputs)");
  const std::size_t wn = static_cast<std::size_t>(out) * static_cast<std::size_t>(in);
  const double bytes = 4.0 * (static_cast<double>(wn) + in + 3.0 * out);
  if (Status s = check_fits_on_gpu(bytes, 0, "dense layer"); !s) return s;
  DeviceBuffer<float> dw, dx, db, dwx, dz;
  if (Status s = upload(w, wn, &dw); !s) return s;
  if (Status s = upload(x, static_cast<std::size_t>(in), &dx); !s) return s;
  if (Status s = upload(bias, static_cast<std::size_t>(out), &db); !s) return s;
  if (Status s = dwx.allocate(static_cast<std::size_t>(out)); !s) return s;
  if (Status s = dz.allocate(static_cast<std::size_t>(out)); !s) return s;
  matvec_kernel<<<(out + kThreads - 1) / kThreads, kThreads>>>(dw.get(), dx.get(), dwx.get(),
                                                                out, in);
  WHYGPU_CUDA_TRY_LAUNCH("matvec_kernel");
  const auto n = static_cast<std::size_t>(out);
  if (Status s = launch_vector_add(dwx.get(), db.get(), dz.get(), n); !s) return s;
  if (Status s = launch_sigmoid(dz.get(), dwx.get(), n); !s) return s;
  return download(dwx, y, n);
}

}  // namespace whygpu::kernels
