#pragma once
// Turns CUDA runtime errors into Status values carrying the runtime's own message,
// e.g. "cudaLaunchKernel: invalid argument (cudaErrorInvalidValue) at matmul.cu:42".
// Only for files compiled with CUDA available.
#include <cuda_runtime.h>

#include <string>

#include "compute/core/status.h"

namespace whygpu {

inline Status cuda_status(cudaError_t err, const char* what, const char* file, int line) {
  if (err == cudaSuccess) return Status::ok();
  std::string where = file;
  const auto slash = where.find_last_of('/');
  if (slash != std::string::npos) where = where.substr(slash + 1);
  return Status::error(Wording::sentence(N_("{0}: {1} ({2}) at {3}:{4}"), {what, cudaGetErrorString(err),
                                                                          cudaGetErrorName(err), where,
                                                                          std::to_string(line)}));
}

}  // namespace whygpu

// Returns from the enclosing function (which must return Status) when the call fails.
#define WHYGPU_CUDA_TRY(call)                                                        \
  do {                                                                               \
    const ::whygpu::Status whygpu_status_ =                                          \
        ::whygpu::cuda_status((call), #call, __FILE__, __LINE__);                    \
    if (!whygpu_status_) return whygpu_status_;                                      \
  } while (0)

// After a kernel launch: a refused launch configuration comes back with the runtime's
// own words ("launch of vector_add: invalid argument (cudaErrorInvalidValue) ...").
#define WHYGPU_CUDA_TRY_LAUNCH(kernel_name) \
  WHYGPU_CUDA_TRY_NAMED(cudaGetLastError(), "launch of " kernel_name)

#define WHYGPU_CUDA_TRY_NAMED(call, what)                                            \
  do {                                                                               \
    const ::whygpu::Status whygpu_status_ =                                          \
        ::whygpu::cuda_status((call), (what), __FILE__, __LINE__);                   \
    if (!whygpu_status_) return whygpu_status_;                                      \
  } while (0)
