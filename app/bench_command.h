#pragma once
// `whygpu bench <what> [options]`: the measurements the lessons show, printed as tables.
#include <string>
#include <vector>

namespace whygpu::app {

// args excludes "whygpu bench". Returns the process exit code (2 for bad arguments).
int run_bench_command(const std::vector<std::string>& args);

}  // namespace whygpu::app
