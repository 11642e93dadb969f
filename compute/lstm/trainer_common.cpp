#include "compute/lstm/trainer.h"

namespace whygpu::lstm {

Status validate_batch(const SequenceBatch& b, const LstmShape& shape) {
  if (Status s = validate_training_shape({b.batch, b.length}); !s) return s;
  const std::size_t tokens = static_cast<std::size_t>(b.length) * static_cast<std::size_t>(b.batch);
  const std::size_t state = static_cast<std::size_t>(b.batch) * static_cast<std::size_t>(shape.hidden);
  if (b.inputs.size() != tokens || b.targets.size() != tokens)
    return Status::error(Wording::sentence(N_("a batch of {0} x {1} needs {2} inputs and targets"),
                                           {std::to_string(b.batch), std::to_string(b.length),
                                            std::to_string(tokens)}));
  if (b.h0.size() != state || b.c0.size() != state)
    return Status::error(Wording::sentence(N_("the initial state needs batch x hidden = {0} values"),
                                           {std::to_string(state)}));
  for (std::size_t i = 0; i < tokens; ++i)
    if (b.inputs[i] < 0 || b.inputs[i] >= shape.vocab || b.targets[i] < 0 || b.targets[i] >= shape.vocab)
      return Status::error(Wording::sentence(
          N_("token id out of range at position {0}"), {std::to_string(i)}));
  return Status::ok();
}

Status check_tokens(const std::vector<TokenId>& text, int vocab) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] >= vocab)
      return Status::error(Wording::sentence(N_("the text's token {0} at position {1} is outside the model's "
                                                "vocabulary of {2}"),
                                             {std::to_string(text[i]), std::to_string(i),
                                              std::to_string(vocab)}));
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
