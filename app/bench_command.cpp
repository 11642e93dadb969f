#include "app/bench_command.h"

#include <cstdio>

namespace whygpu::app {

int run_bench_command(const std::vector<std::string>& args) {
  std::fprintf(stderr, "whygpu bench: no benchmarks are built into this version yet%s%s\n",
               args.empty() ? "" : "; asked for ", args.empty() ? "" : args[0].c_str());
  return 2;
}

}  // namespace whygpu::app
