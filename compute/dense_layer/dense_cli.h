#pragma once
// `whygpu bench dense [options]`: the dense layer on one CPU core, as three GPU kernels and
// as one fused kernel, at each size; --json records the run (dense_recording.h) for the
// dense-layer panel on machines without a GPU. The options: the table in dense_cli.cpp.
#include <string>
#include <vector>

#include "compute/dense_layer/dense_bench.h"

namespace whygpu::dense_layer {

// The sizes measured when none are given: the panel's default, the lesson's suggestions
// and the CNN's own two dense layers.
const std::vector<DenseSizes>& default_bench_sizes();

// "1024x1024x1" (out x in x batch) -> sizes; errors name the text.
Status parse_dense_sizes(const std::string& text, DenseSizes* out);

// args exclude "whygpu bench dense". Exit codes: 0 ok, 1 a measurement failed, 2 bad arguments.
int run_dense_bench(const std::vector<std::string>& args);

}  // namespace whygpu::dense_layer
