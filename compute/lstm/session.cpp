#include "compute/lstm/session.h"

#include <algorithm>
#include <chrono>

namespace whygpu::lstm {
namespace {

Status make_generator(Device device, const ModelWeights& w, std::unique_ptr<Generator>* out) {
  return device == Device::kGpu ? make_gpu_generator(w, out) : make_cpu_generator(w, out);
}

// Aim for slices this long: short enough that pause and snapshots answer quickly, long
// enough that the GPU stays busy between the host's synchronisations.
constexpr double kSliceSeconds = 0.05;

}  // namespace

Status TrainingSession::create(const SessionConfig& config, std::shared_ptr<const Corpus> corpus,
                               const SavedModel* start, std::unique_ptr<TrainingSession>* out) {
  if (!corpus || corpus->tokens.empty()) return Status::error(Wording::sentence(N_("no text to train on")));
  std::unique_ptr<TrainingSession> session(new TrainingSession());
  session->config_ = config;
  session->corpus_ = corpus;
  ModelWeights weights;
  if (start) {
    if (!(start->vocabulary == corpus->vocabulary))
      return Status::error(Wording::sentence(N_("the saved model's vocabulary ({0} characters) differs from "
                                                "the text's; open the text with the model's vocabulary"),
                                             {std::to_string(start->vocabulary.size())}));
    weights = start->weights;
    session->base_steps_ = start->training_steps;
  } else {
    LstmShape shape;
    shape.vocab = corpus->vocabulary.size();
    shape.embed = config.embed;
    shape.hidden = config.hidden;
    if (Status s = validate_shape(shape); !s) return s;
    weights = initial_weights(shape, config.seed);
  }
  session->shape_ = weights.shape;
  TrainerConfig trainer_config{weights.shape, config.training, config.optimizer, config.cpu_threads};
  auto text = std::shared_ptr<const std::vector<TokenId>>(corpus, &corpus->tokens);
  const Status made = config.device == Device::kGpu
                          ? make_gpu_trainer(trainer_config, weights, text, config.gpu, &session->trainer_)
                          : make_cpu_trainer(trainer_config, weights, text, &session->trainer_);
  if (!made) return made;
  session->metrics_.trainer = session->trainer_->description();
  session->metrics_.steps = session->base_steps_;
  session->worker_ = std::thread([s = session.get()] { s->worker(); });
  *out = std::move(session);
  return Status::ok();
}

TrainingSession::~TrainingSession() {
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void TrainingSession::start(long long until_step) {
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    if (until_step > 0 && metrics_.steps >= until_step) return;
    until_step_ = until_step;
    running_ = true;
    metrics_.running = true;
    metrics_.error = {};
  }
  wake_.notify_all();
}

void TrainingSession::pause() {
  std::lock_guard<std::mutex> lock(state_mutex_);
  running_ = false;
  metrics_.running = false;
}

SessionMetrics TrainingSession::metrics() const {
  std::lock_guard<std::mutex> lock(state_mutex_);
  return metrics_;
}

std::vector<LossPoint> TrainingSession::loss_history(std::size_t from) const {
  std::lock_guard<std::mutex> lock(state_mutex_);
  if (from >= loss_history_.size()) return {};
  return {loss_history_.begin() + static_cast<std::ptrdiff_t>(from), loss_history_.end()};
}

std::vector<TextSample> TrainingSession::samples(std::size_t from) const {
  std::lock_guard<std::mutex> lock(state_mutex_);
  if (from >= samples_.size()) return {};
  return {samples_.begin() + static_cast<std::ptrdiff_t>(from), samples_.end()};
}

Status TrainingSession::set_optimizer(const OptimizerConfig& optimizer) {
  std::lock_guard<std::mutex> lock(trainer_mutex_);
  if (Status s = trainer_->set_optimizer(optimizer); !s) return s;
  config_.optimizer = optimizer;
  return Status::ok();
}

Status TrainingSession::snapshot(SavedModel* out) {
  SavedModel model;
  {
    std::lock_guard<std::mutex> lock(trainer_mutex_);
    if (Status s = trainer_->get_weights(&model.weights); !s) return s;
  }
  model.vocabulary = corpus_->vocabulary;
  model.training_steps = metrics().steps;
  *out = std::move(model);
  return Status::ok();
}

Status TrainingSession::save_model(const std::string& path) {
  SavedModel model;
  if (Status s = snapshot(&model); !s) return s;
  return lstm::save_model(path, model);
}

Status TrainingSession::make_text_generator(Device device, std::uint64_t seed, std::unique_ptr<TextGenerator>* out) {
  SavedModel model;
  if (Status s = snapshot(&model); !s) return s;
  std::unique_ptr<Generator> generator;
  if (Status s = make_generator(device, model.weights, &generator); !s) return s;
  *out = std::make_unique<TextGenerator>(std::move(generator), corpus_->vocabulary, seed);
  return Status::ok();
}

Status TrainingSession::run_slice(int steps, TrainingProgress* progress) {
  std::lock_guard<std::mutex> lock(trainer_mutex_);
  if (Status s = trainer_->train(steps); !s) return s;
  return trainer_->collect(progress);
}

void TrainingSession::publish_sample(long long step) {
  std::unique_ptr<TextGenerator> generator;
  std::string text;
  Status s = make_text_generator(config_.device, config_.seed + static_cast<std::uint64_t>(step), &generator);
  // Keep the prime's characters that this text has (a text without 'T' still gets
  // samples); with none left, start from the text's first character.
  std::u32string prime;
  for (char32_t c : config_.sample_prime)
    if (corpus_->vocabulary.id_of(c) >= 0) prime.push_back(c);
  if (prime.empty()) prime.push_back(corpus_->vocabulary.code_point(corpus_->tokens.front()));
  if (s) s = generator->prime(prime, config_.sample_temperature);
  if (s) s = generator->generate(config_.sample_length, config_.sample_temperature, &text);
  std::lock_guard<std::mutex> lock(state_mutex_);
  if (!s) {
    metrics_.error = Wording::sentence(N_("sampling failed: {0}"), {s.wording()});
    return;
  }
  samples_.push_back({step, generator->text()});
}

void TrainingSession::worker() {
  using Clock = std::chrono::steady_clock;
  int steps_per_slice = 1;
  const long long chars_per_step =
      static_cast<long long>(config_.training.batch) * static_cast<long long>(config_.training.length);
  long long next_sample = base_steps_ + config_.sample_every;
  for (;;) {
    int slice = steps_per_slice;
    long long until_step = 0;
    {
      std::unique_lock<std::mutex> lock(state_mutex_);
      wake_.wait(lock, [&] { return quit_ || running_; });
      if (quit_) return;
      until_step = until_step_;
      if (until_step > 0) slice = static_cast<int>(std::min<long long>(slice, until_step - metrics_.steps));
    }
    const auto begin = Clock::now();
    TrainingProgress progress;
    const Status s = run_slice(slice, &progress);
    const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    const long long steps = base_steps_ + progress.steps;
    {
      std::lock_guard<std::mutex> lock(state_mutex_);
      if (!s) {
        metrics_.error = s.wording();
        metrics_.running = running_ = false;
        continue;
      }
      metrics_.steps = steps;
      metrics_.characters += static_cast<long long>(progress.new_steps) * chars_per_step;
      metrics_.loss = progress.mean_loss;
      metrics_.gradient_norm = progress.gradient_norm;
      if (seconds > 0.0) {
        metrics_.steps_per_second = progress.new_steps / seconds;
        metrics_.characters_per_second = metrics_.steps_per_second * static_cast<double>(chars_per_step);
      }
      loss_history_.push_back({steps, progress.mean_loss});
      if (until_step > 0 && steps >= until_step) metrics_.running = running_ = false;
    }
    // Grow or shrink the slice towards kSliceSeconds (at most doubling each time).
    if (seconds > 0.0 && slice == steps_per_slice) {  // a slice cut to the goal says nothing of the pace
      const double ideal = steps_per_slice * kSliceSeconds / seconds;
      steps_per_slice = std::clamp(static_cast<int>(ideal), 1, std::max(1, steps_per_slice * 2));
    }
    if (config_.sample_every > 0 && steps >= next_sample) {
      publish_sample(steps);
      next_sample = steps + config_.sample_every;
    }
  }
}

}  // namespace whygpu::lstm
