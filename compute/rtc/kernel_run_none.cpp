#include "compute/rtc/kernel_run.h"

namespace whygpu::rtc {

void run_kernel(const CompiledKernel&, const Exercise&, int, int, LabReport* report) {
  report->run = RunState::NotRun;
  report->message = "this build of whygpu has no CUDA support";
}

}  // namespace whygpu::rtc
