#pragma once
// Compiles the user's CUDA C++ with NVRTC, the runtime compiler in the CUDA toolkit. It
// needs no GPU: without one the source is still compiled (to PTX for the oldest GPU
// this build supports), so its errors show; with one, to a CUBIN for that GPU.
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/kernel_lab/diagnostics.h"

namespace whygpu::kernel_lab {

struct CompiledKernel {
  bool ok = false;           // compiled; `code` holds it
  std::string target;        // "sm_90", or "compute_75 (checked only: no GPU here)"
  std::vector<char> code;    // CUBIN (for the GPU) or PTX (no GPU)
  std::string log;           // NVRTC's log, also when it compiled (warnings)
  std::vector<Diagnostic> diagnostics;
  double compile_ms = 0.0;
};

// `major`/`minor`: the GPU's compute capability, or 0/0 without a GPU. An error only when
// NVRTC itself cannot run; a source that does not compile gives ok == false and the log.
Status compile_kernel(const std::string& source, int major, int minor, CompiledKernel* out);

}  // namespace whygpu::kernel_lab
