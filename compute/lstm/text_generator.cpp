#include "compute/lstm/text_generator.h"

#include "compute/lstm/sampling.h"
#include "compute/lstm/utf8.h"

namespace whygpu::lstm {

TextGenerator::TextGenerator(std::unique_ptr<Generator> generator, Vocabulary vocabulary, std::uint64_t seed)
    : generator_(std::move(generator)), vocabulary_(std::move(vocabulary)), random_(seed) {}

Status TextGenerator::prime(const std::u32string& prime, float temperature) {
  std::u32string text = prime;
  if (text.empty())  // start as a new line would, or with the first character the model knows
    text.push_back(vocabulary_.id_of(U'\n') >= 0 ? U'\n' : vocabulary_.code_point(0));
  std::vector<TokenId> ids;
  if (Status s = vocabulary_.encode(text, &ids); !s) return s.with_context("prime text");
  if (Status s = generator_->reset(); !s) return s;
  history_.clear();
  text_.clear();
  next_index_ = 0;
  for (TokenId id : ids)
    if (Status s = feed(id, true, temperature); !s) return s;
  return Status::ok();
}

Status TextGenerator::step(float temperature) {
  if (history_.empty()) return prime(U"", temperature);
  return feed(history_.back().drawn, false, temperature);
}

Status TextGenerator::generate(int count, float temperature, std::string* text) {
  for (int i = 0; i < count; ++i) {
    if (Status s = step(temperature); !s) return s;
    append_utf8(history_.back().input_char, text);
  }
  return Status::ok();
}

Status TextGenerator::feed(int token, bool primed, float temperature) {
  GenerationStep step;
  // Reuse the oldest entry's vectors once the history is full.
  if (history_.size() >= kHistoryLimit) {
    step = std::move(history_.front());
    history_.pop_front();
  }
  if (Status s = generator_->step(token, &step.cell); !s) return s;
  step.index = next_index_++;
  step.primed = primed;
  step.input_char = vocabulary_.code_point(token);
  step.temperature = temperature;
  softmax_at_temperature(step.cell.logits, 1.0f, &step.probabilities);
  softmax_at_temperature(step.cell.logits, temperature, &step.tempered);
  step.drawn = draw(step.tempered, random_.uniform());
  step.drawn_char = vocabulary_.code_point(step.drawn);
  append_utf8(step.input_char, &text_);
  history_.push_back(std::move(step));
  return Status::ok();
}

}  // namespace whygpu::lstm
