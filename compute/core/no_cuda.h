#pragma once
// What every GPU entry point answers in a build made without a CUDA compiler (the
// NO_CUDA_SOURCES stubs, compute/CMakeLists.txt): one wording, so the user reads the same
// reason in every panel and on the command line.
#include "compute/core/status.h"

namespace whygpu {

inline Status built_without_cuda() {
  return Status::error(Wording::sentence(N_("this build of whygpu has no CUDA support")));
}

}  // namespace whygpu
