#pragma once
// `whygpu bench opengl [vector-add|matmul|all] [options]`: the shaders of shaders/ timed
// beside CUDA on the same GPU (and beside the CPU), in one run, as a table, JSON or CSV.
#include <string>
#include <vector>

namespace whygpu::app {

// args excludes "whygpu bench opengl". Returns the process exit code (2 for bad arguments,
// 1 when there is no OpenGL or a measurement failed).
int run_opengl_bench(const std::vector<std::string>& args);

}  // namespace whygpu::app
