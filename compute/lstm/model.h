#pragma once
// The one description of the character model that the CPU and GPU code share:
//   token -> embedding row e (E) -> LSTM cell (H) -> dense layer -> softmax over V characters.
// All parameters live in one flat float array in the order below, so copies, the save
// file, gradient clipping and Adam treat them as one vector. Matrices are row-major.
//   embedding          [V][E]
//   input_weights      [E][4H]   gate pre-activations a = e·Wx + h·Wh + b
//   recurrent_weights  [H][4H]
//   gate_bias          [4H]
//   output_weights     [H][V]    logits = h·Wy + by
//   output_bias        [V]
// Gate columns come in four blocks of H: column gate*H + unit, gates in the order of
// `Gate` (cell_math.h has the equations).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::lstm {

enum Gate : int { kInputGate = 0, kForgetGate = 1, kOutputGate = 2, kCandidate = 3 };
inline constexpr int kGateCount = 4;

struct LstmShape {
  int vocab = 0;
  int embed = 64;
  int hidden = 128;
  bool operator==(const LstmShape& o) const { return vocab == o.vocab && embed == o.embed && hidden == o.hidden; }
};

inline constexpr int kMaxHidden = 1024;
inline constexpr int kMaxEmbed = 1024;

// Error naming the offending size unless 1 <= vocab <= 1024, 1 <= embed <= 1024 and
// 4 <= hidden <= 1024.
Status validate_shape(const LstmShape& shape);

struct ParameterLayout {
  std::size_t embedding = 0, input_weights = 0, recurrent_weights = 0, gate_bias = 0,
              output_weights = 0, output_bias = 0, total = 0;
};
ParameterLayout parameter_layout(const LstmShape& shape);

struct ModelWeights {
  LstmShape shape;
  std::vector<float> values;  // parameter_layout(shape).total floats
};

// PyTorch's initialisation of the same layers (nn.Embedding, nn.LSTM, nn.Linear): the
// embedding N(0, 1); every LSTM and dense weight and the output bias uniform in +-k,
// k = 1/sqrt(H); the gate bias the sum of two such draws (PyTorch's LSTM has two bias
// vectors, b_ih + b_hh); no forget-gate bias of 1. It learns faster per step than our
// earlier choice (embedding +-0.5, forget-gate bias 1, zero output bias), mostly through
// the embedding's scale (BENCH.md, "Learning per step"). The same seed gives the same
// weights everywhere.
ModelWeights initial_weights(const LstmShape& shape, std::uint64_t seed);

// Adam with global gradient-norm clipping.
struct OptimizerConfig {
  float learning_rate = 2e-3f;
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float epsilon = 1e-8f;
  float clip_norm = 5.0f;  // gradients scaled down to at most this global L2 norm
};
Status validate_optimizer(const OptimizerConfig& config);

// What one training step does: `batch` parallel streams of the text, each advanced
// `length` characters (truncated backpropagation through time over that many steps).
struct TrainingShape {
  int batch = 64;
  int length = 64;
};
Status validate_training_shape(const TrainingShape& shape);

}  // namespace whygpu::lstm
