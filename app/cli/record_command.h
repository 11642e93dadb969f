#pragma once
// `whygpu record`: on a GPU machine, records what the GPU panels show, for the same
// panels on computers without one (compute/bench/recording_file.h): the thread-grid
// launches the lessons make, the race, the kernel lab's exercises, the LSTM's steps and
// the CNN's answers with the trained example models. One JSON file per part.
#include <string>
#include <vector>

namespace whygpu::app {

// args excludes "whygpu record". Returns the process exit code (2 for bad arguments).
int run_record_command(const std::vector<std::string>& args);

}  // namespace whygpu::app
