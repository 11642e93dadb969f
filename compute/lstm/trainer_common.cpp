#include "compute/lstm/trainer.h"

namespace whygpu::lstm {

Status validate_batch(const SequenceBatch& b, const LstmShape& shape) {
  if (Status s = validate_training_shape({b.batch, b.length}); !s) return s;
  const std::size_t tokens = static_cast<std::size_t>(b.length) * static_cast<std::size_t>(b.batch);
  const std::size_t state = static_cast<std::size_t>(b.batch) * static_cast<std::size_t>(shape.hidden);
  if (b.inputs.size() != tokens || b.targets.size() != tokens)
    return Status::error("a batch of " + std::to_string(b.batch) + " x " + std::to_string(b.length) +
                         " needs " + std::to_string(tokens) + " inputs and targets");
  if (b.h0.size() != state || b.c0.size() != state)
    return Status::error("the initial state needs batch x hidden = " + std::to_string(state) + " values");
  for (std::size_t i = 0; i < tokens; ++i)
    if (b.inputs[i] < 0 || b.inputs[i] >= shape.vocab || b.targets[i] < 0 || b.targets[i] >= shape.vocab)
      return Status::error("token id out of range at position " + std::to_string(i));
  return Status::ok();
}

Status check_tokens(const std::vector<TokenId>& text, int vocab) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] >= vocab)
      return Status::error("the text's token " + std::to_string(text[i]) + " at position " + std::to_string(i) +
                           " is outside the model's vocabulary of " + std::to_string(vocab));
  return Status::ok();
}

const char* recurrence_name(GpuRecurrence recurrence) {
  switch (recurrence) {
    case GpuRecurrence::kAuto: return N_("auto");
    case GpuRecurrence::kPersistentCluster: return N_("persistent cluster kernel");
    case GpuRecurrence::kPerStep: return N_("per-step cuBLAS + cell kernel");
  }
  return "?";
}

}  // namespace whygpu::lstm
