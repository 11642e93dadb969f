#include "compute/kernel_lab/kernel_run.h"

namespace whygpu::kernel_lab {

void run_kernel(const CompiledKernel&, const Problem&, LabReport* report) {
  report->run = RunState::NotRun;
  report->message = "this build of whygpu has no CUDA support";
}

}  // namespace whygpu::kernel_lab
