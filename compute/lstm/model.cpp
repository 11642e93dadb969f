#include "compute/lstm/model.h"

#include <cmath>

#include "compute/core/split_mix.h"

namespace whygpu::lstm {

Status validate_shape(const LstmShape& s) {
  if (s.vocab < 1 || s.vocab > 1024)
    return Status::error(Wording::sentence(
        N_("vocabulary size {0} is outside 1..1024"), {std::to_string(s.vocab)}));
  if (s.embed < 1 || s.embed > kMaxEmbed)
    return Status::error(Wording::sentence(N_("embedding size {0} is outside 1..{1}"),
                                           {std::to_string(s.embed), std::to_string(kMaxEmbed)}));
  if (s.hidden < 4 || s.hidden > kMaxHidden)
    return Status::error(Wording::sentence(N_("hidden size {0} is outside 4..{1}"),
                                           {std::to_string(s.hidden), std::to_string(kMaxHidden)}));
  return Status::ok();
}

ParameterLayout parameter_layout(const LstmShape& s) {
  const auto V = static_cast<std::size_t>(s.vocab), E = static_cast<std::size_t>(s.embed),
             H = static_cast<std::size_t>(s.hidden);
  ParameterLayout p;
  p.embedding = 0;
  p.input_weights = p.embedding + V * E;
  p.recurrent_weights = p.input_weights + E * 4 * H;
  p.gate_bias = p.recurrent_weights + H * 4 * H;
  p.output_weights = p.gate_bias + 4 * H;
  p.output_bias = p.output_weights + H * V;
  p.total = p.output_bias + V;
  return p;
}

namespace {

// A standard normal draw from two uniform ones (Box-Muller), so that the weights stay the
// same on every machine (std::normal_distribution is implementation-defined).
double standard_normal(SplitMix64& random) {
  const double u = 1.0 - random.uniform();  // in (0, 1]: the log stays finite
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * random.uniform());
}

}  // namespace

ModelWeights initial_weights(const LstmShape& shape, std::uint64_t seed) {
  const ParameterLayout p = parameter_layout(shape);
  ModelWeights w;
  w.shape = shape;
  w.values.assign(p.total, 0.0f);
  SplitMix64 random(seed);
  const double k = 1.0 / std::sqrt(static_cast<double>(shape.hidden));
  auto uniform = [&](double scale) { return (2.0 * random.uniform() - 1.0) * scale; };
  for (std::size_t i = p.embedding; i < p.input_weights; ++i) w.values[i] = static_cast<float>(standard_normal(random));
  for (std::size_t i = p.input_weights; i < p.gate_bias; ++i) w.values[i] = static_cast<float>(uniform(k));
  for (std::size_t i = p.gate_bias; i < p.output_weights; ++i) {
    const double input_bias = uniform(k);
    w.values[i] = static_cast<float>(input_bias + uniform(k));
  }
  for (std::size_t i = p.output_weights; i < p.total; ++i) w.values[i] = static_cast<float>(uniform(k));
  return w;
}

Status validate_optimizer(const OptimizerConfig& c) {
  auto finite = [](float x) { return std::isfinite(x); };
  if (!finite(c.learning_rate) || c.learning_rate <= 0.0f || c.learning_rate > 1.0f)
    return Status::error(Wording::sentence(N_("learning rate {0} is outside (0, 1]"),
                                           {Wording::number(std::to_string(c.learning_rate))}));
  if (!finite(c.beta1) || !finite(c.beta2) || c.beta1 < 0.0f || c.beta1 >= 1.0f || c.beta2 < 0.0f || c.beta2 >= 1.0f)
    return Status::error(Wording::sentence(N_("Adam's betas must lie in [0, 1)")));
  if (!finite(c.epsilon) || c.epsilon <= 0.0f)
    return Status::error(Wording::sentence(N_("Adam's epsilon must be positive")));
  if (!finite(c.clip_norm) || c.clip_norm <= 0.0f)
    return Status::error(Wording::sentence(N_("the gradient clipping norm must be positive")));
  return Status::ok();
}

Status validate_training_shape(const TrainingShape& t) {
  if (t.batch < 1 || t.batch > 4096)
    return Status::error(Wording::sentence(N_("batch {0} is outside 1..4096"), {std::to_string(t.batch)}));
  if (t.length < 1 || t.length > 4096)
    return Status::error(Wording::sentence(
        N_("sequence length {0} is outside 1..4096"), {std::to_string(t.length)}));
  return Status::ok();
}

}  // namespace whygpu::lstm
