#pragma once
// `whygpu bench timeline`: records one piece of work (work.h) with CUPTI and prints its
// lanes, the kernels by total time and how long the GPU sat idle; or prints a recording
// saved earlier. Its options are the field table in timeline_cli.cpp (--help).
#include <string>
#include <vector>

namespace whygpu::profile {

// args excludes "whygpu bench timeline". Exit codes: 0 recorded (or loaded), 1 the
// recording failed or could not be saved, 2 bad arguments.
int run_timeline_command(const std::vector<std::string>& args, const std::string& program = "whygpu bench timeline");

}  // namespace whygpu::profile
