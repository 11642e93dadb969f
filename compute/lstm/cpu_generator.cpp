#include <algorithm>

#include "compute/lstm/cpu_network.h"
#include "compute/lstm/generator.h"

namespace whygpu::lstm {
namespace {

class CpuGenerator final : public Generator {
 public:
  explicit CpuGenerator(const ModelWeights& w)
      : weights_(w), network_(w.shape), h_(static_cast<std::size_t>(w.shape.hidden), 0.0f),
        c_(h_.size(), 0.0f) {}

  std::string description() const override { return "CPU"; }
  const LstmShape& shape() const override { return weights_.shape; }

  Status reset() override {
    std::fill(h_.begin(), h_.end(), 0.0f);
    std::fill(c_.begin(), c_.end(), 0.0f);
    return Status::ok();
  }

  Status step(int input, CellTrace* out) override {
    if (input < 0 || input >= weights_.shape.vocab)
      return Status::error(Wording::sentence(
          N_("token id {0} is outside the vocabulary"), {std::to_string(input)}));
    network_.forward(weights_.values.data(), &input, 1, 1, h_.data(), c_.data());
    const auto H = static_cast<std::ptrdiff_t>(weights_.shape.hidden);
    std::copy_n(network_.hidden_states().begin() + H, H, h_.begin());
    std::copy_n(network_.cell_states().begin() + H, H, c_.begin());
    out->input = input;
    out->gates = network_.gate_activations();
    out->hidden = h_;
    out->cell = c_;
    out->logits = network_.logits();
    return Status::ok();
  }

 private:
  ModelWeights weights_;
  CpuNetwork<float> network_;
  std::vector<float> h_, c_;
};

}  // namespace

Status make_cpu_generator(const ModelWeights& weights, std::unique_ptr<Generator>* out) {
  if (Status s = validate_shape(weights.shape); !s) return s;
  if (weights.values.size() != parameter_layout(weights.shape).total)
    return Status::error(Wording::sentence(N_("the weights do not match the model's shape")));
  out->reset(new CpuGenerator(weights));
  return Status::ok();
}

}  // namespace whygpu::lstm
