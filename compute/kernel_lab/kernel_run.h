#pragma once
// Runs a compiled kernel on the GPU once on a problem's inputs and checks it, then times
// it. Each output array is poisoned (every float NaN) before the launch, so an element
// the kernel never writes counts as wrong, and followed by a guard of kGuardFloats
// floats, so writes past its end are counted rather than silently corrupting memory
// (writes further away than the guard may fault: that is why this runs in a child).
#include "compute/kernel_lab/compiler.h"
#include "compute/kernel_lab/lab_report.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::kernel_lab {

inline constexpr int kGuardFloats = 4096;

// Fills report->run, message, launch, the check and the timing. `kernel.code` is a CUBIN
// for this process's GPU.
void run_kernel(const CompiledKernel& kernel, const Problem& problem, LabReport* report);

}  // namespace whygpu::kernel_lab
