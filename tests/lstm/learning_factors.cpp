// `lstm_learning_factors`: the CPU experiment behind compute/lstm/BENCH.md's "Learning per
// step" (issue 20). Trains the bench's model (embedding 64, LSTM 128, batch 64 x 64, Adam
// at 2e-3, clipping at 5) on the text but its last 5% with one initialisation factor
// changed at a time, and prints the mean loss of every --report steps, the mean of the
// last 20 steps and the held-out loss. The initialisation starts from the one we used
// before issue 20 (embedding uniform +-0.5, gate biases uniform +-k with the forget
// gate's set to 1, zero output bias; k = 1/sqrt(H)) and each option moves one part to
// PyTorch's:
//   --embedding-normal   embedding N(0, 1), as nn.Embedding
//   --embedding-scale S  embedding uniform +-S instead of +-0.5
//   --no-forget-bias     the forget gate's bias drawn like the others, not 1
//   --two-bias-draws     gate bias = the sum of two uniform draws (nn.LSTM's b_ih + b_hh)
//   --output-bias        output bias uniform +-k (nn.Linear), not zero
//   --bias-rate R        the gate bias's Adam step times R; 2 is what nn.LSTM's two bias
//                        vectors do (both get the same gradient, so both move alike)
//   --pytorch            all of the above with R = 2
//   --model-init         initial_weights() instead: what the app and bench use now
// The loop is the CPU trainer's (cpu_trainer.cpp) but for --bias-rate; the held-out loss
// is the trainer's evaluate(). Usage, from the repository root:
//   lstm_learning_factors [--steps 600] [--seed 1] [--report 100] [--threads N] [options]
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "compute/core/split_mix.h"
#include "compute/lstm/bench.h"
#include "compute/lstm/cell_math.h"
#include "compute/lstm/corpus.h"
#include "compute/lstm/cpu_network.h"
#include "compute/lstm/text_streams.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {
namespace {

struct Factors {
  bool embedding_normal = false, no_forget_bias = false, two_bias_draws = false, output_bias = false;
  double embedding_scale = 0.5, bias_rate = 1.0;
};

ModelWeights factor_weights(const LstmShape& shape, const Factors& f, std::uint64_t seed) {
  const ParameterLayout p = parameter_layout(shape);
  ModelWeights w{shape, std::vector<float>(p.total, 0.0f)};
  SplitMix64 random(seed);
  const double k = 1.0 / std::sqrt(static_cast<double>(shape.hidden));
  auto uniform = [&](double scale) { return static_cast<float>((2.0 * random.uniform() - 1.0) * scale); };
  for (std::size_t i = p.embedding; i < p.input_weights; ++i) {
    if (f.embedding_normal) {
      const double u = std::max(random.uniform(), 1e-300);  // Box-Muller
      w.values[i] = static_cast<float>(std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * random.uniform()));
    } else {
      w.values[i] = uniform(f.embedding_scale);
    }
  }
  for (std::size_t i = p.input_weights; i < p.output_weights; ++i) w.values[i] = uniform(k);
  if (f.two_bias_draws)
    for (std::size_t i = p.gate_bias; i < p.output_weights; ++i) w.values[i] += uniform(k);
  if (!f.no_forget_bias)
    for (int u = 0; u < shape.hidden; ++u) w.values[p.gate_bias + static_cast<std::size_t>(kForgetGate * shape.hidden + u)] = 1.0f;
  for (std::size_t i = p.output_weights; i < p.output_bias; ++i) w.values[i] = uniform(k);
  if (f.output_bias)
    for (std::size_t i = p.output_bias; i < p.total; ++i) w.values[i] = uniform(k);
  return w;
}

int run(int argc, char** argv) {
  Factors f;
  bool model_init = false;
  int steps = 600, report = 100, threads = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--steps" && has_value) steps = std::stoi(argv[++i]);
    else if (a == "--seed" && has_value) seed = std::stoull(argv[++i]);
    else if (a == "--report" && has_value) report = std::stoi(argv[++i]);
    else if (a == "--threads" && has_value) threads = std::stoi(argv[++i]);
    else if (a == "--embedding-scale" && has_value) f.embedding_scale = std::stod(argv[++i]);
    else if (a == "--bias-rate" && has_value) f.bias_rate = std::stod(argv[++i]);
    else if (a == "--embedding-normal") f.embedding_normal = true;
    else if (a == "--no-forget-bias") f.no_forget_bias = true;
    else if (a == "--two-bias-draws") f.two_bias_draws = true;
    else if (a == "--output-bias") f.output_bias = true;
    else if (a == "--pytorch") f = {true, true, true, true, 0.5, 2.0};
    else if (a == "--model-init") model_init = true;
    else {
      std::fprintf(stderr, "lstm_learning_factors: bad argument '%s' (the options are in learning_factors.cpp)\n",
                   a.c_str());
      return 2;
    }
  }
  if (steps < 20 || report < 1) {
    std::fprintf(stderr, "lstm_learning_factors: --steps must be at least 20 and --report positive\n");
    return 2;
  }
  if (threads > 0) openblas_set_num_threads(threads);
  Corpus corpus;
  if (Status s = load_corpus(kDefaultCorpusPath, &corpus); !s) {
    std::fprintf(stderr, "lstm_learning_factors: %s\n", s.message().c_str());
    return 1;
  }
  const auto cut = static_cast<std::ptrdiff_t>(held_out_begin(corpus.tokens.size()));
  const std::vector<TokenId> text(corpus.tokens.begin(), corpus.tokens.begin() + cut);
  const std::vector<TokenId> held_out(corpus.tokens.begin() + cut, corpus.tokens.end());
  const TrainerConfig config{{corpus.vocabulary.size(), 64, 128}, {64, 64}, OptimizerConfig{}, threads};
  const LstmShape& shape = config.shape;
  const TrainingShape& t = config.training;
  const OptimizerConfig& o = config.optimizer;
  const ParameterLayout p = parameter_layout(shape);
  ModelWeights w = model_init ? initial_weights(shape, seed) : factor_weights(shape, f, seed);
  std::vector<float> grads(p.total), m(p.total, 0.0f), v(p.total, 0.0f);
  TextStreams streams;
  if (Status s = TextStreams::create(text.size(), t, &streams); !s) return 1;
  CpuNetwork<float> network(shape);
  std::vector<int> inputs(static_cast<std::size_t>(t.batch) * t.length), targets(inputs.size());
  std::vector<float> h(static_cast<std::size_t>(t.batch) * shape.hidden), c(h.size());
  std::vector<double> losses;
  const std::size_t last = static_cast<std::size_t>(t.length) * h.size();
  for (int step = 1; step <= steps; ++step) {
    const int chunk = (step - 1) % streams.chunks_per_pass();
    if (chunk == 0) {
      std::fill(h.begin(), h.end(), 0.0f);
      std::fill(c.begin(), c.end(), 0.0f);
    }
    streams.fill(text.data(), chunk, inputs.data(), targets.data());
    network.forward(w.values.data(), inputs.data(), t.length, t.batch, h.data(), c.data());
    losses.push_back(network.backward(w.values.data(), targets.data(), grads.data()));
    double norm_squared = 0.0;
    for (float g : grads) norm_squared += static_cast<double>(g) * g;
    const float scale = clip_factor(norm_squared, o.clip_norm);
    const AdamStep adam = adam_step(o.learning_rate, o.beta1, o.beta2, o.epsilon, static_cast<float>(step));
    const AdamStep bias_adam{static_cast<float>(adam.step_size * f.bias_rate), adam.epsilon_hat};
    for (std::size_t i = 0; i < p.total; ++i)
      adam_update(&w.values[i], &m[i], &v[i], grads[i] * scale, o.beta1, o.beta2,
                  i >= p.gate_bias && i < p.output_weights ? bias_adam : adam);
    std::copy_n(network.hidden_states().begin() + static_cast<std::ptrdiff_t>(last), h.size(), h.begin());
    std::copy_n(network.cell_states().begin() + static_cast<std::ptrdiff_t>(last), c.size(), c.begin());
    if (step % report == 0) {
      double sum = 0.0;
      for (int i = 0; i < report; ++i) sum += losses[losses.size() - 1 - static_cast<std::size_t>(i)];
      std::printf("step %5d  mean loss of the last %d steps %.4f  gradient norm %.3f%s\n", step, report, sum / report,
                  std::sqrt(norm_squared), scale < 1.0f ? " (clipped)" : "");
      std::fflush(stdout);
    }
  }
  double last20 = 0.0;
  for (int i = 0; i < 20; ++i) last20 += losses[losses.size() - 1 - static_cast<std::size_t>(i)];
  std::unique_ptr<Trainer> evaluator;
  double held_out_loss = 0.0;
  Status s = make_cpu_trainer(config, w, nullptr, &evaluator);
  if (s) s = evaluator->evaluate(held_out, &held_out_loss);
  if (!s) {
    std::fprintf(stderr, "lstm_learning_factors: %s\n", s.message().c_str());
    return 1;
  }
  std::printf("steps %d  seed %llu  train %.4f (mean of the last 20 steps)  held-out %.4f\n", steps,
              static_cast<unsigned long long>(seed), last20 / 20, held_out_loss);
  return 0;
}

}  // namespace
}  // namespace whygpu::lstm

int main(int argc, char** argv) { return whygpu::lstm::run(argc, argv); }
