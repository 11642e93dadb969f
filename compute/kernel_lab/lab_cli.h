#pragma once
// `whygpu kernel-lab`: compiles one kernel for an exercise, runs it (on the GPU, or in the
// CPU simulator), checks and times it, and prints a LabReport. The app runs it as a child process (child_run.h); it also works
// by hand:  whygpu kernel-lab --exercise add --source my_kernel.cu --n 1000000 --block 256
#include <string>
#include <vector>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

// args excludes "whygpu kernel-lab". Returns 0 when a report was printed (whatever it
// says), 2 for bad arguments.
int run_kernel_lab_command(const std::vector<std::string>& args);

// Where a request runs: Auto becomes the GPU when this machine has one, else the simulator.
Engine choose_engine(Engine requested);

// Compiles and runs `request` in this process, on the GPU or in the CPU simulator
// (request.engine; Auto: the GPU when there is one): what the command prints.
LabReport try_kernel(const LabRequest& request);

}  // namespace whygpu::kernel_lab
