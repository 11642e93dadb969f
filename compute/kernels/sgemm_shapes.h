#pragma once
// The tile shapes of the hand-written register-blocked SGEMM (the ladder's top GPU rung),
// gathered from the kernel files that implement them. `whygpu bench matmul --tune` times
// each; the ladder uses the selected one (select_sgemm_shape_index in matmul_gpu.h).
#include <string>
#include <vector>

#include "compute/kernels/matmul_gpu.h"

namespace whygpu::kernels {

struct SgemmShape {
  std::string name;
  Status (*launch)(const GemmOperands&);
};

std::vector<SgemmShape> register_tiled_shapes();  // sgemm_register_tiled.cu
std::vector<SgemmShape> pipelined_shapes();       // sgemm_pipelined.cu

// The register-tiled kernel with scalar loads: for operands the 16-byte paths cannot take
// (k or n not a multiple of 4).
Status launch_sgemm_scalar_fallback(const GemmOperands& op);

}  // namespace whygpu::kernels
