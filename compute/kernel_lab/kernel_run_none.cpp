// A build without CUDA runs no kernels.
#include "compute/core/no_cuda.h"
#include "compute/kernel_lab/kernel_run.h"

namespace whygpu::kernel_lab {

void run_kernel(const CompiledKernel&, const Problem&, LabReport* report) {
  report->run = RunState::NotRun;
  report->message = built_without_cuda().message();
}

}  // namespace whygpu::kernel_lab
