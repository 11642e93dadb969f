#pragma once
// The tile shapes of the hand-written rungs that have several, gathered from the kernel
// files that implement them. `whygpu bench matmul --tune` times each; a rung uses the one
// chosen for the process (select_tile_shape_index in matmul_gpu.h) or, by default, the one
// its table picks for the size (auto_tile_shape.cpp).
#include <string>
#include <vector>

#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

struct KernelShape {
  std::string name;
  Status (*launch)(const GemmOperands&);
};

std::vector<KernelShape> register_tiled_shapes();       // sgemm_register_tiled.cu
std::vector<KernelShape> pipelined_shapes();            // sgemm_pipelined.cu
std::vector<KernelShape> async_transposed_shapes();     // sgemm_async.cu
std::vector<KernelShape> wmma_shapes(LowPrecision precision);  // hgemm_wmma.cu
std::vector<KernelShape> mma_shapes();                  // hgemm_mma.cu
std::vector<KernelShape> wgmma_shapes();                // hgemm_wgmma.cu

// The register-tiled kernel with scalar loads: for operands the 16-byte paths cannot take
// (k or n not a multiple of 4), and on GPUs without cp.async.
Status launch_sgemm_scalar_fallback(const GemmOperands& op);

}  // namespace whygpu::kernels
