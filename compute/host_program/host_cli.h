#pragma once
// `whygpu host-program`: runs the host program (program.h) with each mistake, every
// program in a child process of its own, and prints each line with its time and what the
// runtime returned; --record FILE keeps them for the host-program panel. `--serve` is
// the child's side (program_child.h). The options: the table in host_cli.cpp (--help).
#include <string>
#include <vector>

#include "compute/host_program/host_recording.h"

namespace whygpu::host_program {

// args exclude "whygpu host-program". `executable` is a whygpu binary to run the children
// in ("/proc/self/exe"). Exit codes: 0 ok, 1 a program could not be run, 2 bad arguments.
int run_host_program_command(const std::vector<std::string>& args, const std::string& executable);

// One program, line by line, as the command prints it.
std::string format_program(const ProgramOptions& options, const std::vector<StepResult>& steps);

}  // namespace whygpu::host_program
