#pragma once
// `whygpu bench cnn --gpus N|all`: data-parallel training of the MNIST CNN over 1, 2, 4 ...
// N GPUs (data_parallel_trainer.h), strong or weak scaling, as a table of images/s,
// speed-up and the all-reduce's time against the compute's per step. Its options are the
// field table in data_parallel_bench.cpp (--help).
#include <string>
#include <vector>

namespace whygpu::cnn {

// True when the arguments (after "bench cnn") ask for this benchmark (they name --gpus or --gpus=N).
bool wants_data_parallel_bench(const std::vector<std::string>& args);

// Returns the process exit code (2 for bad arguments).
int run_data_parallel_bench(const std::vector<std::string>& args);

}  // namespace whygpu::cnn
