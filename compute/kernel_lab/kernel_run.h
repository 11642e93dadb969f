#pragma once
// Runs a compiled kernel of an exercise once on fresh random inputs and checks it, then
// times it. The output array c is poisoned (every float NaN) before the launch, so an
// element the kernel never writes counts as wrong, and followed by a guard of kGuardFloats
// floats, so writes past c[n - 1] are counted rather than silently corrupting memory
// (writes further away than the guard may fault: that is why this runs in a child).
#include "compute/kernel_lab/compiler.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

inline constexpr int kGuardFloats = 4096;
inline constexpr int kMaxElements = 1 << 28;

// Fills report->run, message, launch, the check and the timing. `kernel.code` is a CUBIN
// for this process's GPU.
void run_kernel(const CompiledKernel& kernel, const Exercise& exercise, int n, int block, LabReport* report);

}  // namespace whygpu::kernel_lab
