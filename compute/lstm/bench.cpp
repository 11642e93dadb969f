#include "compute/lstm/bench.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <cstdio>
#include <ctime>
#include <optional>

#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/lstm/corpus.h"
#include "compute/core/split_mix.h"
#include "compute/lstm/text_generator.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {
namespace {

struct BenchOptions {
  TrainingShape training;
  int hidden = 128, embed = 64, vocab = 98;
  std::string corpus = kDefaultCorpusPath;
  int steps = 20, repeats = 30, chars = 200;
  std::uint64_t seed = 1;
  bool cpu = false, learning_only = false;
};

// Generation is timed one character per call: 100,000 a repeat is minutes on a CPU already
// (--chars 2000000000 used to generate for hours).
constexpr int kMaxChars = 100000;

const CommandAbout kAbout{
    "whygpu bench lstm",
    N_("Times the character LSTM's training step (steps x repeats steps per trainer, the first repeat\n"
       "untimed), prints the loss of the last repeat's steps and the loss on the text's last 5% (never\n"
       "trained on), then times generation.\n")};

const Fields<BenchOptions>& fields() {
  using O = BenchOptions;
  // The shape's limits are the model's (validate_shape, validate_training_shape).
  static const Fields<O> table{
      whole_field<O>("batch", [](O& o) -> int& { return o.training.batch; }, 1, 4096, N_("sequences in a step")),
      whole_field<O>("length", [](O& o) -> int& { return o.training.length; }, 1, 4096,
                     N_("characters in a sequence")),
      whole_field("hidden", &O::hidden, 4, kMaxHidden, N_("hidden state size")),
      whole_field("embed", &O::embed, 1, kMaxEmbed, N_("embedding size")),
      text_field("corpus", &O::corpus, N_("text whose vocabulary sets the softmax size")).shown_as("PATH"),
      whole_field("vocab", &O::vocab, 1, Vocabulary::kMaxSize,
                  N_("without a corpus: characters of the synthetic text")),
      whole_field("steps", &O::steps, 1, 1000000, N_("training steps per timed repeat")),
      whole_field("repeats", &O::repeats, 2, 1000000, N_("repeats; the first warms up untimed")),
      whole_field("seed", &O::seed, 1, 2147483647, N_("initial weights")),
      whole_field("chars", &O::chars, 1, kMaxChars, N_("characters per generation repeat")),
      flag_field("learning-only", &O::learning_only, N_("only the app's trainer: no phase profile, no generation")),
      flag_field("cpu", &O::cpu, N_("also time the CPU trainer and generator (slow)")),
  };
  return table;
}

// The model's own checks, before anything is allocated or generated (--hidden 99999999
// used to allocate the weights first and abort): the table holds the same limits, and
// this catches them drifting apart.
Status check_options(const BenchOptions& o) {
  if (Status s = validate_shape(LstmShape{o.vocab, o.embed, o.hidden}); !s) return s;
  return validate_training_shape(o.training);
}

// steps x repeats training steps; the first repeat warms up (graph capture, cuBLAS's
// first calls) untimed. Then the loss of the last repeat's steps and on the held-out text.
// The trainer times its own repeats (CUDA events on the GPU), so they go through the
// harness as self-timed work.
Status time_training(Trainer& trainer, const BenchOptions& o, const std::vector<TokenId>& held_out,
                     const std::string& label) {
  TrainingProgress progress;
  MeasureOptions measure;
  measure.warmup = 1;
  measure.repeats = o.repeats - 1;
  measure.min_repeats = 1;
  std::vector<TimingStats> per_step;
  const auto repeat = [&](int run, double* ms_per_step) -> Status {
    if (run + 1 == o.repeats)  // so the loss shown is the last repeat's
      if (Status s = trainer.collect(&progress); !s) return s;
    double ms = 0.0;
    if (Status s = trainer.timed_train(o.steps, &ms); !s) return s;
    *ms_per_step = ms / o.steps;
    return Status::ok();
  };
  if (Status s = time_self_timed(measure, 1, repeat, &per_step, nullptr); !s) return s;
  if (Status s = trainer.collect(&progress); !s) return s;
  double held_out_loss = 0.0;
  if (Status s = trainer.evaluate(held_out, &held_out_loss); !s) return s.with_context("the held-out text");
  const TimingStats& t = per_step[0];
  const double chars = static_cast<double>(o.training.batch) * o.training.length;
  std::printf("train step  %-58s median %8.4f ms  (min %.4f, max %.4f; %d x %d steps after %d to warm up)  "
              "%.2f M chars/s\n",
              label.c_str(), t.median_ms, t.min_ms, t.max_ms, t.repeats, o.steps, o.steps,
              chars / t.median_ms / 1e3);
  std::printf("learning    %-58s steps %lld  seed %llu  train %.4f (mean of the last %d steps)  held-out %.4f\n",
              label.c_str(), progress.steps, static_cast<unsigned long long>(o.seed), progress.mean_loss,
              progress.new_steps, held_out_loss);
  return Status::ok();
}

// Where a step's time goes: median of each phase over `repeats` profiled steps.
Status print_phases(Trainer& trainer, int repeats, const char* label) {
  std::vector<std::vector<PhaseTime>> runs(static_cast<std::size_t>(repeats));
  for (auto& run : runs)
    if (Status s = trainer.profile_step(&run); !s) return s;
  std::printf("phases of one step, %s (medians of %d):\n", label, repeats);
  double total = 0.0;
  for (std::size_t p = 0; p < runs[0].size(); ++p) {
    std::vector<double> ms;
    for (const auto& run : runs) ms.push_back(run[p].milliseconds);
    const double median_ms = median_of(std::move(ms));
    total += median_ms;
    std::printf("  %-48s %8.4f ms\n", runs[0][p].phase.c_str(), median_ms);
  }
  std::printf("  %-48s %8.4f ms\n", "sum", total);
  return Status::ok();
}

Status time_generation(std::unique_ptr<Generator> generator, const Vocabulary& vocabulary, const BenchOptions& o,
                       const char* label) {
  TextGenerator text(std::move(generator), vocabulary, 7);
  if (Status s = text.prime(U"The ", 0.8f); !s) return s;
  std::string out;
  MeasureOptions measure;
  measure.warmup = 1;
  measure.repeats = std::max(5, o.repeats / 3);
  TimingStats t;  // of one repeat of o.chars characters
  if (Status s = time_cpu(measure, [&](int) { return text.generate(o.chars, 0.8f, &out); }, &t); !s) return s;
  std::printf("generation  %-58s median %8.4f ms/char  (min %.4f, max %.4f; %d x %d chars, host clock)\n", label,
              t.median_ms / o.chars, t.min_ms / o.chars, t.max_ms / o.chars, t.repeats, o.chars);
  return Status::ok();
}

}  // namespace

std::size_t held_out_begin(std::size_t text_length) { return text_length - text_length / 20; }

int run_lstm_bench(const std::vector<std::string>& args) {
  BenchOptions o;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &o)) return *exit_code;
  if (Status s = check_options(o); !s) {
    std::fprintf(stderr, "whygpu bench lstm: %s\n", s.message().c_str());
    return 2;
  }
  auto corpus = std::make_shared<Corpus>();
  if (Status s = load_corpus(o.corpus, corpus.get()); !s) {
    std::printf("note: %s; using a synthetic text of %d characters\n", s.message().c_str(), o.vocab);
    std::u32string text;
    SplitMix64 random(3);
    for (int i = 0; i < 1 << 20; ++i) text.push_back(static_cast<char32_t>(U'!' + random.next() % o.vocab));
    for (int v = 0; v < o.vocab; ++v) text.push_back(static_cast<char32_t>(U'!' + v));
    if (Status t = corpus_from_text(text, "synthetic", corpus.get()); !t) {
      std::fprintf(stderr, "whygpu bench lstm: %s\n", t.message().c_str());
      return 1;
    }
  }
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  const GpuInfo& info = gpu_info();
  std::printf("whygpu bench lstm, %s: %s (driver CUDA %s)\n", date, info.available ? info.name.c_str() : "no GPU",
              cuda_version_string(info.driver_version).c_str());
  LstmShape shape{corpus->vocabulary.size(), o.embed, o.hidden};
  if (Status s = validate_shape(shape); !s) {  // the text's own vocabulary
    std::fprintf(stderr, "whygpu bench lstm: %s: %s\n", corpus->source.c_str(), s.message().c_str());
    return 1;
  }
  const std::vector<TokenId>& tokens = corpus->tokens;
  const auto cut = static_cast<std::ptrdiff_t>(held_out_begin(tokens.size()));
  const auto train_text = std::make_shared<const std::vector<TokenId>>(tokens.begin(), tokens.begin() + cut);
  const std::vector<TokenId> held_out(tokens.begin() + cut, tokens.end());
  std::printf("vocab %d (%s), embed %d, hidden %d, batch %d, sequence %d; trained on the first %zu characters, "
              "held out the last %zu\n",
              shape.vocab, corpus->source.c_str(), shape.embed, shape.hidden, o.training.batch, o.training.length,
              train_text->size(), held_out.size());
  const ModelWeights weights = initial_weights(shape, o.seed);
  const TrainerConfig config{shape, o.training, OptimizerConfig{}};
  int failures = 0;
  auto report = [&](const Status& s, const std::string& what) {
    if (!s) {
      std::printf("%s: FAILED: %s\n", what.c_str(), s.message().c_str());
      ++failures;
    }
  };

  if (info.available) {
    struct Variant {
      GpuRecurrence recurrence;
      bool graph;
      const char* label;
    };
    const Variant variants[] = {
        {GpuRecurrence::kPersistentCluster, true, "GPU persistent cluster kernel, one CUDA graph"},
        {GpuRecurrence::kPersistentCluster, false, "GPU persistent cluster kernel, eager launches"},
        {GpuRecurrence::kPerStep, true, "GPU per-step cuBLAS + cell kernel, one CUDA graph"},
        {GpuRecurrence::kPerStep, false, "GPU per-step cuBLAS + cell kernel, eager launches"},
    };
    // The app's trainer: the persistent kernel where the GPU can run it, one graph a step.
    const Variant app_trainer{GpuRecurrence::kAuto, true, "GPU, the app's trainer"};
    for (const Variant& v : o.learning_only ? std::vector<Variant>{app_trainer}
                                            : std::vector<Variant>(std::begin(variants), std::end(variants))) {
      std::unique_ptr<Trainer> trainer;
      Status s = make_gpu_trainer(config, weights, train_text, GpuTrainerOptions{v.recurrence, v.graph}, &trainer);
      const std::string label = v.recurrence == GpuRecurrence::kAuto
                                    ? std::string("GPU ") + (trainer ? trainer->description().english() : "")
                                    : v.label;
      if (s) s = time_training(*trainer, o, held_out, label);
      if (s && v.graph && !o.learning_only) s = print_phases(*trainer, o.repeats, v.label);
      report(s, label);
    }
    if (!o.learning_only) {
      std::unique_ptr<Generator> generator;
      Status s = make_gpu_generator(weights, &generator);
      if (s) s = time_generation(std::move(generator), corpus->vocabulary, o, "GPU, one character per call");
      report(s, "GPU generation");
    }
  }
  if (o.cpu || !info.available) {
    std::unique_ptr<Trainer> trainer;
    BenchOptions cpu = o;
    if (!o.learning_only) {  // a full run on the CPU takes minutes
      cpu.steps = 2;
      cpu.repeats = 5;
    }
    Status s = make_cpu_trainer(config, weights, train_text, &trainer);
    if (s) s = time_training(*trainer, cpu, held_out, "CPU (OpenBLAS)");
    if (s && !o.learning_only) s = print_phases(*trainer, 3, "CPU (OpenBLAS)");
    report(s, "CPU training");
    if (!o.learning_only) {
      std::unique_ptr<Generator> generator;
      s = make_cpu_generator(weights, &generator);
      if (s) s = time_generation(std::move(generator), corpus->vocabulary, o, "CPU, one character per call");
      report(s, "CPU generation");
    }
  }
  return failures ? 1 : 0;
}

}  // namespace whygpu::lstm
