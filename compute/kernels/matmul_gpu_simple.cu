// The first three GPU rungs of the matmul ladder: each thread computes one element of C.
#include "compute/core/cuda_check.h"
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {
namespace {

constexpr int kTile = 32;

Status check_grid(unsigned blocks_y) {
  if (blocks_y > 65535u)
    return Status::error("matmul: " + std::to_string(blocks_y) +
                         " rows of blocks exceed the GPU's grid limit of 65535 in y");
  return Status::ok();
}

// Naive: threadIdx.x walks the rows of C, so the 32 threads of a warp read 32 different
// rows of A (32 separate memory transactions per step of k) and write C with a stride.
__global__ void matmul_naive_kernel(int m, int n, int k, const float* __restrict__ a,
                                    const float* __restrict__ b, float* __restrict__ c) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= m || col >= n) return;
  const float* a_row = a + static_cast<std::size_t>(row) * k;
  const float* b_col = b + col;
  float sum = 0.0f;
  for (int p = 0; p < k; ++p) sum += a_row[p] * b_col[static_cast<std::size_t>(p) * n];
  c[static_cast<std::size_t>(row) * n + col] = sum;
}

// Coalesced: the same arithmetic, but threadIdx.x walks the columns, so a warp reads 32
// adjacent floats of B (one transaction), shares one element of A, and writes a row.
__global__ void matmul_coalesced_kernel(int m, int n, int k, const float* __restrict__ a,
                                        const float* __restrict__ b, float* __restrict__ c) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= m || col >= n) return;
  const float* a_row = a + static_cast<std::size_t>(row) * k;
  const float* b_col = b + col;
  float sum = 0.0f;
  for (int p = 0; p < k; ++p) sum += a_row[p] * b_col[static_cast<std::size_t>(p) * n];
  c[static_cast<std::size_t>(row) * n + col] = sum;
}

// Shared-memory tiles: a block loads a 32 x 32 tile of A and of B once into shared memory
// and every thread reuses it 32 times, cutting global reads 32-fold.
__global__ void matmul_shared_tiled_kernel(int m, int n, int k, const float* __restrict__ a,
                                           const float* __restrict__ b,
                                           float* __restrict__ c) {
  __shared__ float a_tile[kTile][kTile];
  __shared__ float b_tile[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * kTile + tx;
  const int row = blockIdx.y * kTile + ty;
  float sum = 0.0f;
  for (int p0 = 0; p0 < k; p0 += kTile) {
    a_tile[ty][tx] =
        (row < m && p0 + tx < k) ? a[static_cast<std::size_t>(row) * k + p0 + tx] : 0.0f;
    b_tile[ty][tx] =
        (p0 + ty < k && col < n) ? b[static_cast<std::size_t>(p0 + ty) * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int p = 0; p < kTile; ++p) sum += a_tile[ty][p] * b_tile[p][tx];
    __syncthreads();
  }
  if (row < m && col < n) c[static_cast<std::size_t>(row) * n + col] = sum;
}

}  // namespace

Status launch_matmul_naive(const GemmOperands& op) {
  const dim3 block(kTile, kTile);
  const dim3 grid((op.m + kTile - 1) / kTile, (op.n + kTile - 1) / kTile);
  if (Status s = check_grid(grid.y); !s) return s;
  matmul_naive_kernel<<<grid, block>>>(op.m, op.n, op.k, op.a, op.b, op.c);
  WHYGPU_CUDA_TRY_LAUNCH("matmul_naive_kernel");
  return Status::ok();
}

Status launch_matmul_coalesced(const GemmOperands& op) {
  const dim3 block(kTile, kTile);
  const dim3 grid((op.n + kTile - 1) / kTile, (op.m + kTile - 1) / kTile);
  if (Status s = check_grid(grid.y); !s) return s;
  matmul_coalesced_kernel<<<grid, block>>>(op.m, op.n, op.k, op.a, op.b, op.c);
  WHYGPU_CUDA_TRY_LAUNCH("matmul_coalesced_kernel");
  return Status::ok();
}

Status launch_matmul_shared_tiled(const GemmOperands& op) {
  const dim3 block(kTile, kTile);
  const dim3 grid((op.n + kTile - 1) / kTile, (op.m + kTile - 1) / kTile);
  if (Status s = check_grid(grid.y); !s) return s;
  matmul_shared_tiled_kernel<<<grid, block>>>(op.m, op.n, op.k, op.a, op.b, op.c);
  WHYGPU_CUDA_TRY_LAUNCH("matmul_shared_tiled_kernel");
  return Status::ok();
}

}  // namespace whygpu::kernels
