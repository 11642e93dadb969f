#pragma once
// `whygpu bench pipeline [options]` (the table in pipeline_cli.cpp; --help):
// the data pipeline's steps on one CPU core and on the GPU, per image and per batch of 256;
// --json records the run (pipeline_recording.h) for the data-pipeline panel on machines
// without a GPU.
#include <string>
#include <vector>

namespace whygpu::pipeline {

// args exclude "whygpu bench pipeline". Exit codes: 0 ok, 1 a measurement failed (or the
// GPU was there and could not be timed), 2 bad arguments.
int run_pipeline_bench(const std::vector<std::string>& args);

}  // namespace whygpu::pipeline
