// `lstm_training_trace`: trains the CPU trainer for a few steps on the start of a text and
// prints what an independent reference needs to retrace them (tests/lstm/
// numpy_reference.py): the shape and settings, the token ids trained on, the initial
// weights, each step's loss and gradient norm, and the final weights. Numbers as %.9g,
// one list a line.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "compute/lstm/corpus.h"
#include "compute/lstm/trainer.h"

namespace {

template <class T>
void print_line(const char* name, const std::vector<T>& values) {
  std::printf("%s", name);
  for (const T& v : values) std::printf(" %.9g", static_cast<double>(v));
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace whygpu::lstm;
  if (argc != 10) {
    std::fprintf(stderr,
                 "usage: lstm_training_trace CORPUS CHARACTERS EMBED HIDDEN BATCH LENGTH STEPS CLIP SEED\n");
    return 2;
  }
  Corpus corpus;
  if (whygpu::Status s = load_corpus(argv[1], &corpus); !s) {
    std::fprintf(stderr, "lstm_training_trace: %s\n", s.message().c_str());
    return 1;
  }
  const std::size_t characters = std::stoul(argv[2]);
  const LstmShape shape{corpus.vocabulary.size(), std::stoi(argv[3]), std::stoi(argv[4])};
  TrainerConfig config{shape, {std::stoi(argv[5]), std::stoi(argv[6])}, OptimizerConfig{}};
  const int steps = std::stoi(argv[7]);
  config.optimizer.clip_norm = std::stof(argv[8]);
  const ModelWeights initial = initial_weights(shape, std::stoull(argv[9]));
  if (characters > corpus.tokens.size()) {
    std::fprintf(stderr, "lstm_training_trace: the text has only %zu characters\n", corpus.tokens.size());
    return 1;
  }
  auto text = std::make_shared<const std::vector<TokenId>>(corpus.tokens.begin(),
                                                           corpus.tokens.begin() + static_cast<std::ptrdiff_t>(characters));
  std::unique_ptr<Trainer> trainer;
  if (whygpu::Status s = make_cpu_trainer(config, initial, text, &trainer); !s) {
    std::fprintf(stderr, "lstm_training_trace: %s\n", s.message().c_str());
    return 1;
  }
  const OptimizerConfig& o = config.optimizer;
  print_line("shape", std::vector<double>{double(shape.vocab), double(shape.embed), double(shape.hidden),
                                          double(config.training.batch), double(config.training.length)});
  print_line("adam", std::vector<double>{o.learning_rate, o.beta1, o.beta2, o.epsilon, o.clip_norm});
  print_line("tokens", *text);
  print_line("initial", initial.values);
  std::vector<double> losses, norms;
  for (int i = 0; i < steps; ++i) {
    TrainingProgress progress;
    whygpu::Status s = trainer->train(1);
    if (s) s = trainer->collect(&progress);
    if (!s) {
      std::fprintf(stderr, "lstm_training_trace: %s\n", s.message().c_str());
      return 1;
    }
    losses.push_back(progress.mean_loss);
    norms.push_back(progress.gradient_norm);
  }
  print_line("losses", losses);
  print_line("norms", norms);
  ModelWeights final_weights;
  if (whygpu::Status s = trainer->get_weights(&final_weights); !s) return 1;
  print_line("final", final_weights.values);
  return 0;
}
