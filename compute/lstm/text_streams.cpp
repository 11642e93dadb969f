#include "compute/lstm/text_streams.h"

#include <algorithm>
#include <limits>

namespace whygpu::lstm {

Status TextStreams::create(std::size_t text_length, const TrainingShape& shape, TextStreams* out) {
  if (Status s = validate_training_shape(shape); !s) return s;
  const std::size_t needed = static_cast<std::size_t>(shape.batch) * static_cast<std::size_t>(shape.length + 1);
  if (text_length < needed)
    return Status::error(Wording::sentence(N_("the text has {0} characters; {1} streams of {2} steps need "
                                              "at least {3} (use a longer text, a smaller batch or shorter "
                                              "sequences)"),
                                           {std::to_string(text_length), std::to_string(shape.batch),
                                            std::to_string(shape.length), std::to_string(needed)}));
  out->shape_ = shape;
  out->segment_ = text_length / static_cast<std::size_t>(shape.batch);
  const std::size_t chunks = (out->segment_ - 1) / static_cast<std::size_t>(shape.length);
  out->chunks_ = static_cast<int>(std::min<std::size_t>(chunks, std::numeric_limits<int>::max()));
  return Status::ok();
}

void TextStreams::fill(const TokenId* text, int chunk, int* inputs, int* targets) const {
  for (int b = 0; b < shape_.batch; ++b) {
    const std::size_t base = static_cast<std::size_t>(b) * segment_ +
                             static_cast<std::size_t>(chunk) * static_cast<std::size_t>(shape_.length);
    for (int t = 0; t < shape_.length; ++t) {
      inputs[t * shape_.batch + b] = text[base + static_cast<std::size_t>(t)];
      targets[t * shape_.batch + b] = text[base + static_cast<std::size_t>(t) + 1];
    }
  }
}

}  // namespace whygpu::lstm
