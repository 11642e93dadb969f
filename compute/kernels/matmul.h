#pragma once
// Matrix multiplication C = A B (row-major, A is m x k, B is k x n, C is m x n) as the
// lesson's ladder, from the textbook triple loop to the Tensor Cores. Every variant takes
// any size, not only multiples of its tile.
//
//   std::vector<Measurement> rows;
//   sweep_matmul(all_matmul_variants(), {256, 1024, 4096}, options, callbacks, &rows);
#include <string_view>
#include <vector>

#include "compute/kernels/measurement.h"

namespace whygpu::kernels {

// In ladder order (all_matmul_variants() lists them so).
enum class MatmulVariant {
  CpuNaive,          // i-j-k triple loop, one thread
  CpuBlocked,        // cache-blocked, packed, vectorised, on every core
  CpuOpenBlas,       // OpenBLAS sgemm: the fair CPU baseline
  GpuNaive,          // one thread per output, threads of a warp on different rows
  GpuCoalesced,      // one thread per output, threads of a warp on adjacent columns
  GpuSharedTiled,    // 32 x 32 tiles staged in shared memory
  GpuRegisterTiled,  // 2D register blocking, float4 loads, double-buffered shared memory
  GpuTcWmmaFp16,     // Tensor Cores through nvcuda::wmma, FP16 inputs, FP32 sums
  GpuTcWmmaBf16,     // the same with BF16 inputs
  GpuTcMmaBf16,      // mma.sync + ldmatrix + cp.async pipeline + swizzled shared memory
  GpuTcWgmmaBf16,    // Hopper: wgmma + TMA + warp-specialised producer/consumers
  CublasFp32,        // cuBLAS sgemm
  CublasTf32,        // cuBLAS on Tensor Cores, TF32 inputs, FP32 accumulate
  CublasFp16,        // cuBLAS on Tensor Cores, FP16 inputs, FP32 accumulate
  CublasBf16,        // cuBLAS on Tensor Cores, BF16 inputs, FP32 accumulate
};

const std::vector<MatmulVariant>& all_matmul_variants();
const VariantInfo& matmul_variant_info(MatmulVariant variant);
// False when no variant has that key.
bool find_matmul_variant(std::string_view key, MatmulVariant* out);

// One product on host arrays (GPU variants copy in and out). FP16/BF16 variants round the
// inputs to that precision on the GPU first. `cpu_threads` <= 0: every hardware thread.
Status matmul(MatmulVariant variant, const float* a, const float* b, float* c, int m, int n,
              int k, int cpu_threads = 0);

// Times one n x n x n product (2 n^3 flop per run) and appends one row: Measured,
// Absent (a GPU variant without a GPU; the naive CPU loop above cpu_naive_max_n) or
// returns an error (bad n, out of memory, a CUDA error). FP16/BF16 inputs are rounded
// once, before the timed runs, for cuBLAS's rungs and ours alike; a Tensor Core rung that
// needs a zero-padded copy of its inputs (n not a multiple of 8) makes it in every timed run.
Status run_matmul(MatmulVariant variant, int n, const BenchOptions& options,
                  std::vector<Measurement>* rows);

// One job per (size, variant), sizes outer, for run_sweep.
std::vector<SweepJob> matmul_jobs(const std::vector<MatmulVariant>& variants,
                                  const std::vector<int>& sizes, const BenchOptions& options);
Status sweep_matmul(const std::vector<MatmulVariant>& variants, const std::vector<int>& sizes,
                    const BenchOptions& options, const SweepCallbacks& callbacks,
                    std::vector<Measurement>* rows);

// Hand-written GPU rungs with several tile shapes (the register-tiled one and the Tensor
// Core ones) and the shape each uses. By default ("auto") a rung picks a shape per size,
// by rules fitted to measurements on an H100 (PERF_NOTES.md); `whygpu bench matmul --tune`
// times every shape, for re-tuning on another GPU. Other variants have no shapes.
std::vector<std::string> matmul_tile_shapes(MatmulVariant variant);
// Chooses, for this process, the shape `variant` uses: a name from matmul_tile_shapes or
// "auto". selected_matmul_tile_shape() says which is in force ("" for a variant without
// shapes or a build without CUDA).
Status select_matmul_tile_shape(MatmulVariant variant, std::string_view name);
std::string selected_matmul_tile_shape(MatmulVariant variant);
// The shape `variant` uses for an m x n x k product now ("" without shapes).
std::string matmul_tile_shape_for(MatmulVariant variant, int m, int n, int k);
// One product with shape `index` of matmul_tile_shapes(variant) (host arrays, like matmul()).
Status matmul_with_tile_shape(MatmulVariant variant, int index, const float* a, const float* b,
                              float* c, int m, int n, int k);
// Times shape `index` at n x n x n; the row's variant is "<key>@<shape>".
Status run_matmul_tile_shape(MatmulVariant variant, int index, int n, const BenchOptions& options,
                             std::vector<Measurement>* rows);

// Creates cuBLAS's handle now. Its first use costs about 0.1 s on an H100, during which
// OpenGL in the same process waits: the app calls this at start-up, not mid-sweep.
Status prepare_cublas();

}  // namespace whygpu::kernels
