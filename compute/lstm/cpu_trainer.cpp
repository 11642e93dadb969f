// The CPU trainer: CpuNetwork<float> for the passes, clipping and Adam in plain loops.
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "compute/lstm/cell_math.h"
#include "compute/lstm/cpu_network.h"
#include "compute/lstm/text_streams.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {
namespace {

class CpuTrainer final : public Trainer {
 public:
  CpuTrainer(const TrainerConfig& config, const ModelWeights& initial,
             std::shared_ptr<const std::vector<TokenId>> text, const TextStreams& streams)
      : config_(config), text_(std::move(text)), streams_(streams), network_(config.shape),
        params_(initial.values) {
    const std::size_t n = params_.size();
    grads_.assign(n, 0.0f);
    m_.assign(n, 0.0f);
    v_.assign(n, 0.0f);
    const std::size_t state = static_cast<std::size_t>(config.training.batch) * config.shape.hidden;
    h_.assign(state, 0.0f);
    c_.assign(state, 0.0f);
    const std::size_t tokens = static_cast<std::size_t>(config.training.batch) * config.training.length;
    inputs_.resize(tokens);
    targets_.resize(tokens);
  }

  Wording description() const override {
    const int threads = config_.cpu_threads > 0 ? config_.cpu_threads : openblas_get_num_threads();
    if (threads == 1) return Wording::sentence(N_("CPU (OpenBLAS, 1 thread)"));
    return Wording::sentence(N_("CPU (OpenBLAS, {0} threads)"), {std::to_string(threads)});
  }
  // OpenBLAS keeps one process-wide thread count that other work may have changed, and
  // more threads than free cores slows it down: each entry point sets the configured one.
  void use_configured_threads() const {
    if (config_.cpu_threads > 0) openblas_set_num_threads(config_.cpu_threads);
  }
  const LstmShape& shape() const override { return config_.shape; }

  Status forward_backward(const SequenceBatch& batch, ForwardBackwardResult* out) override {
    if (Status s = validate_batch(batch, config_.shape); !s) return s;
    use_configured_threads();
    network_.forward(params_.data(), batch.inputs.data(), batch.length, batch.batch, batch.h0.data(),
                     batch.c0.data());
    out->loss = network_.backward(params_.data(), batch.targets.data(), grads_.data());
    out->gradients = grads_;
    out->hidden_states = network_.hidden_states();
    out->cell_states = network_.cell_states();
    return Status::ok();
  }

  Status apply_gradients() override {
    double norm_squared = 0.0;
    for (float g : grads_) norm_squared += static_cast<double>(g) * g;
    last_norm_ = std::sqrt(norm_squared);
    const OptimizerConfig& o = config_.optimizer;
    const float scale = clip_factor(norm_squared, o.clip_norm);
    ++steps_;
    const AdamStep step = adam_step(o.learning_rate, o.beta1, o.beta2, o.epsilon, static_cast<float>(steps_));
    for (std::size_t i = 0; i < params_.size(); ++i)
      adam_update(&params_[i], &m_[i], &v_[i], grads_[i] * scale, o.beta1, o.beta2, step);
    return Status::ok();
  }

  Status train(int steps) override {
    use_configured_threads();
    if (!text_)
      return Status::error(Wording::sentence(N_("this trainer was made without a text to train on")));
    const int batch = config_.training.batch, length = config_.training.length;
    for (int s = 0; s < steps; ++s) {
      if (chunk_ == 0) {
        std::fill(h_.begin(), h_.end(), 0.0f);
        std::fill(c_.begin(), c_.end(), 0.0f);
      }
      streams_.fill(text_->data(), chunk_, inputs_.data(), targets_.data());
      network_.forward(params_.data(), inputs_.data(), length, batch, h_.data(), c_.data());
      loss_sum_ += network_.backward(params_.data(), targets_.data(), grads_.data());
      ++loss_count_;
      if (Status st = apply_gradients(); !st) return st;
      // Carry the final state into the next chunk (truncated BPTT).
      const std::size_t last = static_cast<std::size_t>(length) * batch * config_.shape.hidden;
      std::copy_n(network_.hidden_states().begin() + static_cast<std::ptrdiff_t>(last), h_.size(), h_.begin());
      std::copy_n(network_.cell_states().begin() + static_cast<std::ptrdiff_t>(last), c_.size(), c_.begin());
      chunk_ = (chunk_ + 1) % streams_.chunks_per_pass();
    }
    return Status::ok();
  }

  Status timed_train(int steps, double* milliseconds) override {
    const auto begin = std::chrono::steady_clock::now();
    const Status s = train(steps);
    *milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    return s;
  }

  Status profile_step(std::vector<PhaseTime>* out) override {
    if (!text_)
      return Status::error(Wording::sentence(N_("this trainer was made without a text to train on")));
    using Clock = std::chrono::steady_clock;
    auto ms = [](Clock::time_point a, Clock::time_point b) {
      return std::chrono::duration<double, std::milli>(b - a).count();
    };
    const int batch = config_.training.batch, length = config_.training.length;
    const auto t0 = Clock::now();
    streams_.fill(text_->data(), chunk_, inputs_.data(), targets_.data());
    network_.forward(params_.data(), inputs_.data(), length, batch, h_.data(), c_.data());
    const auto t1 = Clock::now();
    network_.backward(params_.data(), targets_.data(), grads_.data());
    const auto t2 = Clock::now();
    if (Status s = apply_gradients(); !s) return s;
    const auto t3 = Clock::now();
    *out = {{"forward", ms(t0, t1)}, {"backward", ms(t1, t2)}, {"clip + Adam", ms(t2, t3)}};
    return Status::ok();
  }

  Status collect(TrainingProgress* out) override {
    out->steps = steps_;
    out->new_steps = loss_count_;
    out->mean_loss = loss_count_ ? loss_sum_ / loss_count_ : 0.0;
    out->gradient_norm = last_norm_;
    loss_sum_ = 0.0;
    loss_count_ = 0;
    return Status::ok();
  }

  Status evaluate(const std::vector<TokenId>& text, double* mean_loss) override {
    use_configured_threads();
    TextStreams streams;
    if (Status s = check_tokens(text, config_.shape.vocab); !s) return s;
    if (Status s = TextStreams::create(text.size(), config_.training, &streams); !s) return s;
    const int batch = config_.training.batch, length = config_.training.length;
    std::vector<int> inputs(inputs_.size()), targets(targets_.size());
    std::vector<float> h(h_.size(), 0.0f), c(c_.size(), 0.0f);
    const std::size_t last = static_cast<std::size_t>(length) * batch * config_.shape.hidden;
    double total = 0.0;
    for (int chunk = 0; chunk < streams.chunks_per_pass(); ++chunk) {
      streams.fill(text.data(), chunk, inputs.data(), targets.data());
      network_.forward(params_.data(), inputs.data(), length, batch, h.data(), c.data());
      total += network_.mean_cross_entropy(targets.data());
      std::copy_n(network_.hidden_states().begin() + static_cast<std::ptrdiff_t>(last), h.size(), h.begin());
      std::copy_n(network_.cell_states().begin() + static_cast<std::ptrdiff_t>(last), c.size(), c.begin());
    }
    *mean_loss = total / streams.chunks_per_pass();
    return Status::ok();
  }

  Status get_weights(ModelWeights* out) override {
    out->shape = config_.shape;
    out->values = params_;
    return Status::ok();
  }

  Status set_weights(const ModelWeights& w) override {
    if (!(w.shape == config_.shape) || w.values.size() != params_.size())
      return Status::error(Wording::sentence(
          N_("the weights have a different shape than this trainer's model")));
    params_ = w.values;
    std::fill(m_.begin(), m_.end(), 0.0f);
    std::fill(v_.begin(), v_.end(), 0.0f);
    steps_ = 0;
    chunk_ = 0;
    return Status::ok();
  }

  Status set_optimizer(const OptimizerConfig& config) override {
    if (Status s = validate_optimizer(config); !s) return s;
    config_.optimizer = config;
    return Status::ok();
  }

 private:
  TrainerConfig config_;
  std::shared_ptr<const std::vector<TokenId>> text_;
  TextStreams streams_;
  CpuNetwork<float> network_;
  std::vector<float> params_, grads_, m_, v_, h_, c_;
  std::vector<int> inputs_, targets_;
  long long steps_ = 0;
  int chunk_ = 0;
  double loss_sum_ = 0.0;
  int loss_count_ = 0;
  double last_norm_ = 0.0;
};

}  // namespace

Status make_cpu_trainer(const TrainerConfig& config, const ModelWeights& initial,
                        std::shared_ptr<const std::vector<TokenId>> text, std::unique_ptr<Trainer>* out) {
  if (Status s = validate_shape(config.shape); !s) return s;
  if (Status s = validate_training_shape(config.training); !s) return s;
  if (Status s = validate_optimizer(config.optimizer); !s) return s;
  if (!(initial.shape == config.shape) || initial.values.size() != parameter_layout(config.shape).total)
    return Status::error(Wording::sentence(N_("the initial weights do not match the model's shape")));
  TextStreams streams;
  if (text) {
    if (Status s = check_tokens(*text, config.shape.vocab); !s) return s;
    if (Status s = TextStreams::create(text->size(), config.training, &streams); !s) return s;
  }
  out->reset(new CpuTrainer(config, initial, std::move(text), streams));
  return Status::ok();
}

}  // namespace whygpu::lstm
