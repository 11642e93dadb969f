// `whygpu bench ...`: dispatches each benchmark to the module that owns it.
#include "app/cli/bench_command.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "app/cli/cli_options.h"
#include "app/glcompute/gl_bench_command.h"
#include "compute/bench/bench_cli.h"
#include "compute/cnn/cnn_bench.h"
#include "compute/cnn/data_parallel_bench.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/cnn/transfer.h"
#include "compute/dense_layer/dense_cli.h"
#include "compute/lstm/bench.h"
#include "compute/pipeline/pipeline_cli.h"
#include "compute/precision/precision_bench.h"
#include "compute/profile/timeline_cli.h"
#include "compute/vitals/vitals_cli.h"
#include "compute/vitals/vitals_record_cli.h"

namespace whygpu::app {
namespace {

using Args = std::vector<std::string>;
// Runs a benchmark on the arguments after its name; `help`: show its help whatever else
// they say (--help came anywhere, even where an option before it wants a value).
using RunBenchmark = std::function<int(const Args& rest, bool help)>;

struct Benchmark {
  const char* name;
  const char* usage;  // its lines in `whygpu bench --help`; empty: bench_usage() has them
  RunBenchmark run;
  // The options that choose each of its forms, each with options of its own.
  std::vector<const char*> forms{""};
};

const Args kHelp{"--help"};

// A module's command, which shows its help when given --help alone.
RunBenchmark module(int (*run)(const Args&)) {
  return [run](const Args& rest, bool help) { return run(help ? kHelp : rest); };
}

// vector-add, matmul, copy and all: compute/bench parses their options itself.
RunBenchmark kernel_bench(const char* name) {
  return [name](const Args& rest, bool help) {
    const Args& given = help ? kHelp : rest;
    Args args{name};
    args.insert(args.end(), given.begin(), given.end());
    return bench::run_kernel_bench(args, "whygpu bench");
  };
}

// `cnn` is three benchmarks, told apart by --precision and --gpus, each with its help.
int run_cnn(const Args& rest, bool help) {
  const Args& args = help ? kHelp : rest;
  if (precision::wants_precision_bench(rest)) return precision::run_precision_bench(args);
  if (cnn::wants_data_parallel_bench(rest)) return cnn::run_data_parallel_bench(args);
  return cnn::run_cnn_bench(args);
}

const std::vector<Benchmark>& benchmarks() {
  static const std::vector<Benchmark> table{
      {"vector-add", "", kernel_bench("vector-add")},
      {"matmul", "", kernel_bench("matmul")},
      {"copy", "", kernel_bench("copy")},
      {"all", "", kernel_bench("all")},
      {"cnn",
       "       whygpu bench cnn [--help]    the MNIST CNN's training step and accuracy\n"
       "       whygpu bench cnn --precision all [--width 1,4,16]  the step in FP32, TF32, BF16, FP16\n"
       "       whygpu bench cnn --gpus N|all [--scaling strong|weak|both]  data-parallel over N GPUs (NCCL)\n",
       run_cnn,
       {"", "--precision all", "--gpus all"}},
      {"cnn-inference", "       whygpu bench cnn-inference [--help]  latency and throughput for batches of 1 to 4096\n",
       module(cnn::run_inference_bench)},
      {"cnn-transfer",
       "       whygpu bench cnn-transfer [--help]   a frozen base with a new head against training from scratch\n",
       module(cnn::run_transfer_bench)},
      {"lstm", "       whygpu bench lstm [--help]   the character LSTM's training step and generation\n",
       module(lstm::run_lstm_bench)},
      {"opengl", "       whygpu bench opengl [--help] the kernels as OpenGL shaders, beside CUDA and the CPU\n",
       module(run_opengl_bench)},
      {"timeline", "       whygpu bench timeline [--help]  one piece of GPU work kernel by kernel (CUPTI)\n",
       [](const Args& rest, bool help) { return profile::run_timeline_command(help ? kHelp : rest); }},
      {"vitals", "       whygpu bench vitals [--help]    the GPU's power, clocks and load (NVML)\n",
       [](const Args& rest, bool help) { return vitals::run_vitals_command(help ? kHelp : rest); }},
      {"vitals-record",
       "       whygpu bench vitals-record [--help]  those while the CNN trains and matmuls run, to a file\n",
       [](const Args& rest, bool help) { return vitals::run_vitals_record_command(help ? kHelp : rest); }},
      {"dense", "       whygpu bench dense [--help]     a dense layer: three kernels, one fused, the CPU\n",
       module(dense_layer::run_dense_bench)},
      {"pipeline", "       whygpu bench pipeline [--help]  a photo's data pipeline, step by step, CPU and GPU\n",
       module(pipeline::run_pipeline_bench)},
  };
  return table;
}

std::string benchmark_names() {
  std::string names;
  for (const Benchmark& b : benchmarks()) names += (names.empty() ? "" : ", ") + std::string(b.name);
  return names;
}

void print_usage(std::FILE* to) {
  std::fputs(bench::bench_usage("whygpu bench").c_str(), to);
  for (const Benchmark& b : benchmarks()) std::fputs(b.usage, to);
}

bool is_help(const std::string& arg) { return arg == "--help" || arg == "-h"; }

}  // namespace

std::vector<std::string> bench_command_lines() {
  std::vector<std::string> lines;
  for (const Benchmark& b : benchmarks())
    for (const char* form : b.forms) lines.push_back(std::string(b.name) + (*form ? " " : "") + form);
  return lines;
}

std::vector<std::string> command_lines() {
  std::vector<std::string> lines{""};
  for (const std::string& name : subcommand_names()) {
    if (name != "bench") {
      lines.push_back(name);
      continue;
    }
    for (const std::string& b : bench_command_lines()) lines.push_back("bench " + b);
  }
  return lines;
}

int run_bench_command(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::fprintf(stderr, "whygpu bench: say which benchmark: %s\n", benchmark_names().c_str());
    print_usage(stderr);
    return 2;
  }
  const std::string& what = args[0];
  if (is_help(what)) {
    print_usage(stdout);
    return 0;
  }
  const auto found = std::find_if(benchmarks().begin(), benchmarks().end(),
                                   [&](const Benchmark& b) { return what == b.name; });
  if (found == benchmarks().end()) {
    // Options before the name ("--json matmul") are the kernel benchmarks' own form.
    if (what[0] == '-') return bench::run_kernel_bench(args, "whygpu bench");
    std::fprintf(stderr, "whygpu bench: unknown benchmark '%s'; the benchmarks: %s (whygpu bench --help)\n",
                 what.c_str(), benchmark_names().c_str());
    return 2;
  }
  const Args rest(args.begin() + 1, args.end());
  return found->run(rest, std::any_of(rest.begin(), rest.end(), is_help));
}

}  // namespace whygpu::app
