// The child's side of ProgramChild in a build without CUDA: it says so instead of "ready".
#include <cstdio>

#include "compute/core/no_cuda.h"
#include "compute/host_program/program_child.h"

namespace whygpu::host_program {

int serve_program(const ProgramOptions&) {
  std::printf("%s\n", built_without_cuda().message().c_str());
  return 1;
}

}  // namespace whygpu::host_program
