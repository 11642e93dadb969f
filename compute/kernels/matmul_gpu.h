#pragma once
// Internals shared by the GPU matmul files (plain C++: no CUDA types). Operands are device
// pointers from cudaMalloc; every launcher enqueues on the default stream and returns the
// launch's Status.
#include <cstddef>
#include <string>
#include <vector>

#include "compute/core/measure.h"
#include "compute/kernels/matmul.h"

namespace whygpu::kernels {

struct GemmOperands {
  int m = 0, n = 0, k = 0;
  const float* a = nullptr;     // m x k
  const float* b = nullptr;     // k x n
  float* c = nullptr;           // m x n
  const void* a_low = nullptr;  // A rounded to FP16 or BF16, for the variants that read it
  const void* b_low = nullptr;
};

enum class LowPrecision { None, Fp16, Bf16 };
LowPrecision low_precision_inputs(MatmulVariant variant);
// Writes `n` floats rounded to `precision` (2 bytes each) into dst.
Status convert_on_gpu(LowPrecision precision, const float* src, void* dst, std::size_t n);

Status launch_matmul_naive(const GemmOperands& op);
Status launch_matmul_coalesced(const GemmOperands& op);
Status launch_matmul_shared_tiled(const GemmOperands& op);
// Rungs with several tile shapes (matmul.h): the names (empty for other variants), the
// process-wide choice (-1: auto, by size), the shape a product of this size gets, and
// a launch with a given shape.
std::vector<std::string> tile_shape_names(MatmulVariant variant);
Status select_tile_shape_index(MatmulVariant variant, int index);
int selected_tile_shape_index(MatmulVariant variant);
int tile_shape_index_for(MatmulVariant variant, int m, int n, int k);
Status launch_tile_shape(MatmulVariant variant, int index, const GemmOperands& op);
Status launch_cublas(MatmulVariant variant, const GemmOperands& op);

// Dispatches a GPU variant to its launcher.
Status launch_gpu_matmul(MatmulVariant variant, const GemmOperands& op);

// Host-array product on the GPU (copy in, convert, launch, copy out), with the variant's
// kernel, or with its tile shape number `tile_shape` when that is 0 or more.
Status gpu_matmul(MatmulVariant variant, int tile_shape, const float* a, const float* b,
                  float* c, int m, int n, int k);

// Times launch(op) at n x n x n on device-resident random inputs, rotating among input
// sets when they fit in L2.
Status time_gpu_matmul(MatmulVariant variant, int tile_shape, int n,
                       const BenchOptions& options, TimingStats* out);

}  // namespace whygpu::kernels
