#pragma once
// Why a simulated run stopped, as the simulator records it where it happens (often in a
// signal handler, so plain data only), and the same in words for the report, naming the
// thread: "thread (232, 0, 0) of block (3, 0, 0) read a[1000], past the end of a ...".
#include "compute/core/wording.h"
#include "compute/kernel_lab/problem.h"
#include "compute/kernel_lab/sim_abi.h"
#include "compute/kernel_lab/sim_fibers.h"
#include "compute/kernel_lab/sim_memory.h"

namespace whygpu::kernel_lab {

enum class Stop {
  None,
  NeedsFibers,  // a barrier in a plain loop: run again with fibers
  Signal,       // the kernel faulted (SIGSEGV, SIGFPE, ...)
  OutOfBounds,  // the compiler's bounds check of a fixed-size array
  EndlessLoop,  // the time ran out inside a thread
  TooSlow,      // the time ran out between threads
};

// Why a run stopped, recorded where it stopped (perhaps in a signal handler): plain data.
struct Finding {
  Stop stop = Stop::None;
  WhygpuIndex thread{}, block{};
  int signal = 0;
  const void* address = nullptr;
  int access = 0;  // 1 read, 2 write, 0 not known
  const void* stack_pointer = nullptr;
  unsigned line = 0;  // OutOfBounds
  long long index = 0;
  const char* array_type = nullptr;
};

// The finding in words (a sentence the interface translates). `arrays` and `fibers` are
// the run's, to place a faulting address.
Wording describe(const Finding& finding, const Problem& problem, const GuardedArrays& arrays,
                 const BlockFibers& fibers, double time_limit_seconds);

}  // namespace whygpu::kernel_lab
