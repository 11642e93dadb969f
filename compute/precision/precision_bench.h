#pragma once
// `whygpu bench cnn --precision ...`: the training step of the MNIST CNN (and of its
// wider versions) timed with its matrix products in FP32, TF32, BF16 and FP16, and
// optionally the test accuracy each reaches after the same epochs; --json writes the
// recording the mixed-precision panel shows on computers without a GPU. Its options are
// the field table in precision_bench.cpp (--help).
#include <string>
#include <vector>

namespace whygpu::precision {

// args excludes "whygpu bench cnn". Returns the exit code (2 for bad arguments).
int run_precision_bench(const std::vector<std::string>& args);

// True when `whygpu bench cnn` was given --precision (this bench, not cnn's own), as --precision or --precision=LIST.
bool wants_precision_bench(const std::vector<std::string>& args);

}  // namespace whygpu::precision
