#pragma once
// `whygpu bench <what> [options]`: the measurements the lessons show, printed as tables.
#include <string>
#include <vector>

namespace whygpu::app {

// args excludes "whygpu bench". Returns the process exit code (2 for bad arguments).
int run_bench_command(const std::vector<std::string>& args);

// Each benchmark with each form of its options, from the benchmark table: "vector-add",
// ..., "cnn", "cnn --precision all", "cnn --gpus all", ... (whygpu --list-commands).
std::vector<std::string> bench_command_lines();

// Every command line that has options of its own, one a line: "" (the app), "bench
// vector-add", "bench cnn --precision all", ..., "kernel-lab", "record", "host-program",
// from the app's subcommand table and the benchmark table here (--list-commands).
std::vector<std::string> command_lines();

}  // namespace whygpu::app
