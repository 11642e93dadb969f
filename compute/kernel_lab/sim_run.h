#pragma once
// The kernel lab's CPU simulator: runs a kernel compiled for it (sim_compiler.h) on a
// problem, every thread of the grid with its own threadIdx and blockIdx, the blocks one
// after another. It checks correctness, not speed:
//   - Each array lies against pages that may not be touched (sim_memory.h): the first
//     access outside it stops the run, and the report names the thread and the index
//     ("thread (232, 0, 0) of block (3, 0, 0) read a[1000], past the end of a").
//     Arrays of known size (__shared__ ones) are checked by the compiler instead.
//   - A block whose threads call __syncthreads() runs them as fibers (sim_fibers.h);
//     other blocks run their threads as a plain loop, which is much faster. (Its first
//     barrier sends the whole run back to the start with fibers.)
//   - The launch runs twice: threads and blocks first to last, with every array's end
//     against a guard, then last to first, with every start against one. Outputs that
//     differ between the two mean the result depends on the order threads run, as it may
//     on the GPU: a missing __syncthreads() is the usual cause, and the report says so.
//   - Faults (a null pointer, an integer divided by zero, a stack overflow) stop the run
//     with the thread named, and so does a time limit (an endless loop).
// The simulator takes over signal handlers and the interval timer while it runs, so one
// simulation at a time per process; the app runs each in a child process.
#include "compute/kernel_lab/lab_report.h"
#include "compute/kernel_lab/problem.h"
#include "compute/kernel_lab/sim_compiler.h"

namespace whygpu::kernel_lab {

// For the whole simulation; a thread still running then is reported as an endless loop.
// AddressSanitizer (scripts/sanitize.sh) makes every switch between the simulated threads
// about twenty times slower, so a sanitized build waits that much longer before it calls
// a correct kernel endless.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr double kSimTimeLimitSeconds = 200.0;
#else
inline constexpr double kSimTimeLimitSeconds = 10.0;
#endif

struct SimOptions {
  double time_limit_seconds = kSimTimeLimitSeconds;
};

// Fills report->run, message, launch, simulated, order_dependent and the check.
void simulate(const SimKernel& kernel, const Problem& problem, const SimOptions& options, LabReport* report);

}  // namespace whygpu::kernel_lab
