// `whygpu bench ...`: dispatches each benchmark to the module that owns it.
#include "app/bench_command.h"

#include <cstdio>

#include "app/glcompute/gl_bench_command.h"
#include "compute/cnn/cnn_bench.h"
#include "compute/bench/bench_cli.h"
#include "compute/lstm/bench.h"
#include "compute/profile/timeline_cli.h"
#include "compute/vitals/vitals_cli.h"

namespace whygpu::app {

int run_bench_command(const std::vector<std::string>& args) {
  const std::string what = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  if (what == "cnn") return cnn::run_cnn_bench(rest);
  if (what == "lstm") return lstm::run_lstm_bench(rest);
  if (what == "opengl") return run_opengl_bench(rest);
  if (what == "timeline") return profile::run_timeline_command(rest);
  if (what == "vitals") return vitals::run_vitals_command(rest);
  // vector-add, matmul, copy, all, and --help/--list without a benchmark.
  const int code = bench::run_kernel_bench(args, "whygpu bench");
  if (what.empty() || what == "--help" || what == "-h")
    std::fputs("       whygpu bench cnn [--help]    the MNIST CNN's training step and accuracy\n"
               "       whygpu bench lstm [--help]   the character LSTM's training step and generation\n"
               "       whygpu bench opengl [--help] the kernels as OpenGL shaders, beside CUDA and the CPU\n"
               "       whygpu bench timeline [--help]  one piece of GPU work kernel by kernel (CUPTI)\n"
               "       whygpu bench vitals [--help]    the GPU's power, clocks and load (NVML)\n",
               what.empty() ? stderr : stdout);
  return code;
}

}  // namespace whygpu::app
