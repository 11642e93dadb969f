#pragma once
// `whygpu kernel-lab`: compiles one kernel for an exercise, runs it (on the GPU, or in the
// CPU simulator), checks and times it, and prints a LabReport. The app runs it as a child process (child_run.h); it also works
// by hand:  whygpu kernel-lab --exercise add --source my_kernel.cu --n 1000000 --block 256
// Either way the process limits itself and, once the kernel is compiled, forbids itself to
// start programs (sandbox.h): a kernel is code from a file someone else may have written.
#include <string>
#include <vector>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

// args excludes "whygpu kernel-lab". Returns 0 when a report was printed (whatever it
// says), 2 for bad arguments.
int run_kernel_lab_command(const std::vector<std::string>& args);

// Where a request runs: Auto becomes the GPU when this machine has one, else the simulator.
Engine choose_engine(Engine requested);

// How a try runs, beyond what the user asked for.
struct TryOptions {
  std::string work_folder;        // the simulator's files; empty: a temporary folder of its own
  double compile_seconds = 60.0;  // the simulator's compiler is stopped after this
  // Once compiled, before any of the kernel's code runs, this process forbids itself to
  // start programs (sandbox.h), for good: the `kernel-lab` command does, a test does not.
  bool confine = false;
};

// Compiles and runs `request` in this process, on the GPU or in the CPU simulator
// (request.engine; Auto: the GPU when there is one): what the command prints.
LabReport try_kernel(const LabRequest& request, const TryOptions& options = {});

}  // namespace whygpu::kernel_lab
