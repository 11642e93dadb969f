// `whygpu bench ...`: dispatches each benchmark to the module that owns it.
#include "app/bench_command.h"

#include <cstdio>

#include "app/glcompute/gl_bench_command.h"
#include "compute/cnn/cnn_bench.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/cnn/transfer.h"
#include "compute/cnn/data_parallel_bench.h"
#include "compute/bench/bench_cli.h"
#include "compute/dense_layer/dense_cli.h"
#include "compute/lstm/bench.h"
#include "compute/pipeline/pipeline_cli.h"
#include "compute/precision/precision_bench.h"
#include "compute/profile/timeline_cli.h"
#include "compute/vitals/vitals_cli.h"
#include "compute/vitals/vitals_record_cli.h"

namespace whygpu::app {

int run_bench_command(const std::vector<std::string>& args) {
  const std::string what = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  if (what == "cnn" && precision::wants_precision_bench(rest)) return precision::run_precision_bench(rest);
  if (what == "cnn" && cnn::wants_data_parallel_bench(rest)) return cnn::run_data_parallel_bench(rest);
  if (what == "cnn") return cnn::run_cnn_bench(rest);
  if (what == "cnn-inference") return cnn::run_inference_bench(rest);
  if (what == "cnn-transfer") return cnn::run_transfer_bench(rest);
  if (what == "lstm") return lstm::run_lstm_bench(rest);
  if (what == "opengl") return run_opengl_bench(rest);
  if (what == "timeline") return profile::run_timeline_command(rest);
  if (what == "vitals") return vitals::run_vitals_command(rest);
  if (what == "vitals-record") return vitals::run_vitals_record_command(rest);
  if (what == "dense") return dense_layer::run_dense_bench(rest);
  if (what == "pipeline") return pipeline::run_pipeline_bench(rest);
  // vector-add, matmul, copy, all, and --help/--list without a benchmark.
  const int code = bench::run_kernel_bench(args, "whygpu bench");
  if (what.empty() || what == "--help" || what == "-h")
    std::fputs("       whygpu bench cnn [--help]    the MNIST CNN's training step and accuracy\n"
               "       whygpu bench cnn --precision all [--width 1,4,16]  the step in FP32, TF32, BF16, FP16\n"
               "       whygpu bench cnn-inference [--help]  latency and throughput for batches of 1 to 4096\n"
               "       whygpu bench cnn-transfer [--help]   a frozen base with a new head against training from scratch\n"
               "       whygpu bench cnn --gpus N|all [--scaling strong|weak|both]  data-parallel over N GPUs (NCCL)\n"
               "       whygpu bench lstm [--help]   the character LSTM's training step and generation\n"
               "       whygpu bench opengl [--help] the kernels as OpenGL shaders, beside CUDA and the CPU\n"
               "       whygpu bench timeline [--help]  one piece of GPU work kernel by kernel (CUPTI)\n"
               "       whygpu bench vitals [--help]    the GPU's power, clocks and load (NVML)\n"
               "       whygpu bench vitals-record [--help]  those while the CNN trains and matmuls run, to a file\n"
               "       whygpu bench dense [--help]     a dense layer: three kernels, one fused, the CPU\n"
               "       whygpu bench pipeline [--help]  a photo's data pipeline, step by step, CPU and GPU\n",
               what.empty() ? stderr : stdout);
  return code;
}

}  // namespace whygpu::app
