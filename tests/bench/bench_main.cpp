// whygpu-bench-kernels: the bench command on its own, for GPU runs before the app links it.
// Same arguments and output as `whygpu bench vector-add|matmul|copy|all ...`.
#include <string>
#include <vector>

#include "compute/bench/bench_cli.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return whygpu::bench::run_kernel_bench(args, "whygpu-bench-kernels");
}
