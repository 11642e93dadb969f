#pragma once
// Which GPUs each hand-written Tensor Core rung runs on, and what the others are told.
// Plain C++ (no CUDA), so the rules and their messages are tested on any machine.
#include <string>

#include "compute/kernels/matmul.h"

namespace whygpu::kernels {

// "" when `variant` can run on a GPU of compute capability major.minor in this build;
// otherwise why not, naming what it needs. `has_sm90a_code`: this build holds machine code
// for sm_90a, the only target with wgmma (CUDA compiles it only when asked for 90a).
std::string tensor_core_refusal(MatmulVariant variant, int major, int minor, bool has_sm90a_code);

}  // namespace whygpu::kernels
