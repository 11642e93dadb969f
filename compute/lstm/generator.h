#pragma once
// Advancing the model one character at a time, with everything the step-by-step view
// shows: the four gates, the cell and hidden state, and the logits. A generator keeps its
// own copy of the weights, so it never waits for training (make a new one from fresh
// weights to see what training has taught since). Not thread-safe: one thread uses it.
#include <memory>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/lstm/model.h"

namespace whygpu::lstm {

struct CellTrace {
  int input = -1;             // the token id that was fed
  std::vector<float> gates;   // [4][hidden] activations: input, forget, output, candidate
  std::vector<float> cell;    // c after the step [hidden]
  std::vector<float> hidden;  // h after the step [hidden]
  std::vector<float> logits;  // [vocab], before any temperature

  const float* gate(Gate g) const { return gates.data() + static_cast<std::size_t>(g) * cell.size(); }
};

class Generator {
 public:
  virtual ~Generator() = default;
  virtual std::string description() const = 0;
  virtual const LstmShape& shape() const = 0;
  // Sets the state to zero (the start of a text).
  virtual Status reset() = 0;
  // Feeds token `input`, advances the state and fills `out` (whose vectors are reused).
  virtual Status step(int input, CellTrace* out) = 0;
};

Status make_cpu_generator(const ModelWeights& weights, std::unique_ptr<Generator>* out);
// Weights stay resident on the GPU; a step is two small kernels writing straight into
// pinned host memory and one synchronisation.
Status make_gpu_generator(const ModelWeights& weights, std::unique_ptr<Generator>* out);

}  // namespace whygpu::lstm
