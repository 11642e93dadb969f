// The first three GPU rungs of the matmul ladder: each thread computes one element of C.
#include <algorithm>

#include "compute/core/cuda_check.h"
#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {
namespace {

constexpr int kTile = 32;

// These rungs are slow on purpose, and one launch of a large product would hold the GPU
// for a long time: 0.28 s for the naive kernel at n = 4096 on an H100, seconds on a
// laptop GPU, where a display's watchdog may kill it. Meanwhile the GPU draws no frames
// for the app. So each launch computes a band of rows of C worth at most a budget of
// floating-point operations, about 9 ms of the naive kernel and 4 to 7 ms of the other two
// on an H100. A band must stay large, or the extra launches and partly filled waves of
// blocks cost time: the faster kernels got 10% slower at n = 4096 with the naive kernel's
// budget (128-row bands), so theirs is 8 times larger. PERF_NOTES has the measurements.
constexpr double kNaiveFlopsPerLaunch = 4294967296.0;  // 2^32
constexpr double kFasterFlopsPerLaunch = 34359738368.0;  // 2^35

// Launches `launch` on successive bands of whole block rows of C (the last may be short).
template <typename Launch>
Status for_each_band(const GemmOperands& op, double flops_per_launch, Launch launch) {
  const double flops_per_row = 2.0 * op.n * std::max(op.k, 1);
  const int fitting = static_cast<int>(std::min<double>(op.m, flops_per_launch / flops_per_row));
  const int rows = std::max(kTile, fitting / kTile * kTile);
  for (int row0 = 0; row0 < op.m; row0 += rows) {
    GemmOperands band = op;
    band.m = std::min(rows, op.m - row0);
    band.a = op.a + static_cast<std::size_t>(row0) * op.k;
    band.c = op.c + static_cast<std::size_t>(row0) * op.n;
    if (Status s = launch(band); !s) return s;
  }
  return Status::ok();
}

Status check_grid(unsigned blocks_y) {
  if (blocks_y > 65535u)
    return Status::error(Wording::sentence(
        N_("matmul: {0} rows of blocks exceed the GPU's grid limit of 65535 in y"),
        {std::to_string(blocks_y)}));
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

using MatmulKernel = void (*)(int, int, int, const float*, const float*, float*);
enum class GridRows { OnX, OnY };  // which grid dimension walks the rows of C

// One 32 x 32-thread block per 32 x 32 tile of C, band by band.
Status launch_in_bands(const GemmOperands& op, double flops_per_launch, GridRows rows, MatmulKernel kernel,
                       const char* what) {
  return for_each_band(op, flops_per_launch, [&](const GemmOperands& band) {
    const unsigned row_blocks = (band.m + kTile - 1) / kTile, col_blocks = (band.n + kTile - 1) / kTile;
    const dim3 grid = rows == GridRows::OnX ? dim3(row_blocks, col_blocks) : dim3(col_blocks, row_blocks);
    if (Status s = check_grid(grid.y); !s) return s;
    kernel<<<grid, dim3(kTile, kTile)>>>(band.m, band.n, band.k, band.a, band.b, band.c);
    return cuda_status(cudaGetLastError(), what, __FILE__, __LINE__);
  });
}

}  // namespace

Status launch_matmul_naive(const GemmOperands& op) {
  return launch_in_bands(op, kNaiveFlopsPerLaunch, GridRows::OnX, matmul_naive_kernel, "launch of matmul_naive_kernel");
}

Status launch_matmul_coalesced(const GemmOperands& op) {
  return launch_in_bands(op, kFasterFlopsPerLaunch, GridRows::OnY, matmul_coalesced_kernel,
                         "launch of matmul_coalesced_kernel");
}

Status launch_matmul_shared_tiled(const GemmOperands& op) {
  return launch_in_bands(op, kFasterFlopsPerLaunch, GridRows::OnY, matmul_shared_tiled_kernel,
                         "launch of matmul_shared_tiled_kernel");
}

}  // namespace whygpu::kernels
