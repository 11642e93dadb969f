// `whygpu bench ...`: dispatches each benchmark to the module that owns it.
#include "app/bench_command.h"


#include "compute/kernels/bench_cli.h"

namespace whygpu::app {

int run_bench_command(const std::vector<std::string>& args) {
  // vector-add, matmul, copy, all, and --help/--list without a benchmark.
  return kernels::run_kernel_bench(args, "whygpu bench");
}

}  // namespace whygpu::app
