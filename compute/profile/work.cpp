#include "compute/profile/work.h"

#include <algorithm>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "compute/cnn/gpu_trainer.h"
#include "compute/kernels/host_array.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_ops.h"
#include "compute/lstm/corpus.h"
#include "compute/lstm/trainer.h"
#include "compute/profile/cupti_recorder.h"

namespace whygpu::profile {
namespace {

// A CNN training step. The pixels are random: the kernels, their sizes and their order
// do not depend on what the images show, and the work needs no data set on disk.
class CnnStep final : public ProfiledWork {
 public:
  CnnStep(bool graph, int batch) : graph_(graph), batch_(batch) {}

  Status make() {
    cnn::TrainerOptions options;
    options.batch_size = batch_;
    if (Status s = cnn::create_gpu_trainer(options, &trainer_); !s) return s;
    cnn::Dataset data;
    data.name = "random pixels";
    data.count = 1024;
    data.class_names = cnn::digit_class_names();
    std::mt19937 rng(7);
    data.pixels.resize(std::size_t{1024} * cnn::kImagePixels);
    for (auto& p : data.pixels) p = static_cast<std::uint8_t>(rng());
    for (int i = 0; i < data.count; ++i) data.labels.push_back(static_cast<std::uint8_t>(rng() % cnn::kClasses));
    if (Status s = trainer_->set_training_data(data); !s) return s;
    trainer_->set_use_graph(graph_);
    return Status::ok();
  }

  Wording description() const override {
    return graph_ ? Wording::sentence(N_("one training step of the MNIST CNN (forward, loss, backward, Adam), batch {0}, "
                                         "replayed as one CUDA graph"), {std::to_string(batch_)})
                  : Wording::sentence(N_("one training step of the MNIST CNN (forward, loss, backward, Adam), batch {0}, "
                                         "kernels launched one by one"), {std::to_string(batch_)});
  }

  Status run() override { return trainer_->train(1, nullptr); }

 private:
  bool graph_;
  int batch_;
  std::unique_ptr<cnn::GpuTrainer> trainer_;
};

// An LSTM training step over a synthetic text: as for the CNN, the kernels depend on
// the sizes (vocabulary, embedding, hidden units, batch, sequence), not on the words.
class LstmStep final : public ProfiledWork {
 public:
  explicit LstmStep(bool graph) : graph_(graph) {}

  Status make() {
    constexpr int kVocab = 96;
    std::u32string text;
    std::mt19937 rng(3);
    for (int i = 0; i < 1 << 18; ++i) text.push_back(static_cast<char32_t>(U' ' + rng() % kVocab));
    auto corpus = std::make_shared<lstm::Corpus>();
    if (Status s = lstm::corpus_from_text(text, "synthetic", corpus.get()); !s) return s;
    shape_ = lstm::LstmShape{corpus->vocabulary.size(), 64, 128};
    const lstm::TrainerConfig config{shape_, training_, lstm::OptimizerConfig{}};
    auto tokens = std::shared_ptr<const std::vector<lstm::TokenId>>(corpus, &corpus->tokens);
    lstm::GpuTrainerOptions gpu;
    gpu.use_graph = graph_;
    return lstm::make_gpu_trainer(config, lstm::initial_weights(shape_, 1), tokens, gpu, &trainer_);
  }

  Wording description() const override {
    std::vector<Wording> values = {std::to_string(shape_.vocab), std::to_string(shape_.embed),
                                   std::to_string(shape_.hidden), std::to_string(training_.batch),
                                   std::to_string(training_.length), trainer_->description()};
    return graph_ ? Wording::sentence(N_("one training step of the character LSTM ({0} characters, embedding {1}, "
                                         "hidden {2}, batch {3} x {4} characters), {5}, one CUDA graph"),
                                      std::move(values))
                  : Wording::sentence(N_("one training step of the character LSTM ({0} characters, embedding {1}, "
                                         "hidden {2}, batch {3} x {4} characters), {5}, eager launches"),
                                      std::move(values));
  }

  Status run() override {
    if (Status s = trainer_->train(1); !s) return s;
    lstm::TrainingProgress progress;
    return trainer_->collect(&progress);  // the GPU trainer queues the step and returns early
  }

 private:
  bool graph_;
  lstm::LstmShape shape_;
  lstm::TrainingShape training_;
  std::unique_ptr<lstm::Trainer> trainer_;
};

// The first CUDA program of the lessons, whole: device memory allocated, a and b copied
// in from ordinary (pageable) host memory, the kernel, c copied back, memory freed.
class VectorAdd final : public ProfiledWork {
 public:
  explicit VectorAdd(long long n) : n_(static_cast<std::size_t>(n)) {}

  Status make() {
    if (n_ < 1) return Status::error(Wording::sentence(N_("vector-add needs at least one element")));
    if (Status s = kernels::check_fits_in_host_memory(12.0 * static_cast<double>(n_), "vector-add"); !s) return s;
    if (Status s = a_.allocate(n_, "vector-add's a"); !s) return s;
    if (Status s = b_.allocate(n_, "vector-add's b"); !s) return s;
    if (Status s = c_.allocate(n_, "vector-add's c"); !s) return s;
    kernels::fill_uniform(a_.data(), n_, 1);
    kernels::fill_uniform(b_.data(), n_, 2);
    return Status::ok();
  }

  Wording description() const override {
    return Wording::sentence(N_("c = a + b on {0} floats ({1} per array) with its copies: cudaMalloc, a and b in from "
                                "pageable memory, the kernel, c back, cudaFree"),
                             {std::to_string(n_), kernels::format_bytes(4.0 * static_cast<double>(n_))});
  }

  Status run() override { return kernels::gpu_vector_add(a_.data(), b_.data(), c_.data(), n_); }

 private:
  std::size_t n_;
  kernels::HostArray<float> a_, b_, c_;
};

template <typename Work, typename... Args>
Status make_work(std::unique_ptr<ProfiledWork>* out, Args... args) {
  auto work = std::make_unique<Work>(args...);
  if (Status s = work->make(); !s) return s;
  *out = std::move(work);
  return Status::ok();
}

// Each work, declared once: its key, its line for --help and how it is made.
struct WorkMaker {
  WorkInfo info;
  std::function<Status(const WorkOptions&, std::unique_ptr<ProfiledWork>*)> make;
};

const std::vector<WorkMaker>& work_makers() {
  using Out = std::unique_ptr<ProfiledWork>*;
  static const std::vector<WorkMaker> makers = {
      {{"cnn-step", "one CNN training step, kernels launched one by one (eager)"},
       [](const WorkOptions& o, Out out) { return make_work<CnnStep>(out, false, o.cnn_batch); }},
      {{"cnn-step-graph", "the same step replayed as one CUDA graph"},
       [](const WorkOptions& o, Out out) { return make_work<CnnStep>(out, true, o.cnn_batch); }},
      {{"lstm-step", "one LSTM training step, one CUDA graph"},
       [](const WorkOptions&, Out out) { return make_work<LstmStep>(out, true); }},
      {{"lstm-step-eager", "the same LSTM step, launched eagerly"},
       [](const WorkOptions&, Out out) { return make_work<LstmStep>(out, false); }},
      {{"vector-add", "c = a + b with cudaMalloc, copies in and out, cudaFree"},
       [](const WorkOptions& o, Out out) { return make_work<VectorAdd>(out, o.vector_elements); }},
      {{"matmul", "one product of the matmul ladder on device-resident matrices"},
       [](const WorkOptions& o, Out out) { return make_matmul_work(o, out); }},
  };
  return makers;
}

}  // namespace

const std::vector<WorkInfo>& profiled_works() {
  static const std::vector<WorkInfo> works = [] {
    std::vector<WorkInfo> out;
    for (const WorkMaker& m : work_makers()) out.push_back(m.info);
    return out;
  }();
  return works;
}

Status make_profiled_work(const std::string& key, const WorkOptions& options, std::unique_ptr<ProfiledWork>* out) {
  const std::vector<WorkMaker>& makers = work_makers();
  const auto maker = std::find_if(makers.begin(), makers.end(), [&](const WorkMaker& m) { return m.info.key == key; });
  if (maker == makers.end()) {
    std::string known;
    for (const WorkInfo& w : profiled_works()) known += (known.empty() ? "" : ", ") + w.key;
    return Status::error(Wording::sentence(N_("unknown work \"{0}\" (known: {1})"), {key, known}));
  }
  std::unique_ptr<ProfiledWork> work;
  const Status made = maker->make(options, &work);
  if (!made) return made.with_context(key);
  for (int i = 0; i < options.warmup_runs; ++i)
    if (Status s = work->run(); !s)
      return Status::error(Wording::sentence(N_("{0} warm-up: {1}"), {key, s.wording()}));
  *out = std::move(work);
  return Status::ok();
}

Status record_work(const std::string& key, const WorkOptions& options, const std::string& command, Timeline* out) {
  std::unique_ptr<ProfiledWork> work;
  RecordOptions record{key, {}, command};
  const auto prepare = [&]() -> Status {
    if (Status s = make_profiled_work(key, options, &work); !s) return s;
    record.description = work->description();
    return Status::ok();
  };
  if (Status s = record_timeline([&] { return work->run(); }, record, out, prepare); !s) return s;
  out->description = record.description;  // known only once the work was made
  return Status::ok();
}

}  // namespace whygpu::profile
