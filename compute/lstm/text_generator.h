#pragma once
// The step-by-step view's model: type a prime text, then Step. Each step feeds one
// character and records what happened (the gates, c and h, the probabilities at
// temperature 1 and at the chosen temperature, the character drawn), so hovering an
// earlier character can show its step again. Owned and used by one thread (the UI's);
// the Generator inside has its own copy of the weights.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "compute/lstm/generator.h"
#include "compute/core/split_mix.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm {

struct GenerationStep {
  long long index = 0;     // position in the whole generated text, from 0
  bool primed = false;     // the input came from the prime text (not drawn by the model)
  char32_t input_char = 0;
  CellTrace cell;          // gates, c, h, logits after feeding input_char
  std::vector<float> probabilities;  // softmax of the logits at temperature 1
  std::vector<float> tempered;       // at `temperature` (what the draw used)
  float temperature = 1.0f;
  int drawn = -1;          // token id drawn for the next character
  char32_t drawn_char = 0;
};

class TextGenerator {
 public:
  // Keeps at most this many steps of history (about 5 KB each at hidden 128).
  static constexpr std::size_t kHistoryLimit = 20000;

  TextGenerator(std::unique_ptr<Generator> generator, Vocabulary vocabulary, std::uint64_t seed);

  // Starts over from the zero state and feeds every character of `prime` (which may be
  // empty: then it feeds a line break, or the vocabulary's first character if the text
  // had no line breaks). Characters the vocabulary lacks are an error naming the first
  // one (or map to U+FFFD when the vocabulary has it).
  Status prime(const std::u32string& prime, float temperature);
  // Feeds the character drawn by the last step and draws the next one.
  Status step(float temperature);
  // `count` steps; appends the drawn characters to *text (UTF-8).
  Status generate(int count, float temperature, std::string* text);

  const GenerationStep* latest() const { return history_.empty() ? nullptr : &history_.back(); }
  // Steps still held, oldest first; history()[i].index tells its position.
  const std::deque<GenerationStep>& history() const { return history_; }
  // The whole text fed so far (prime and drawn characters), UTF-8.
  const std::string& text() const { return text_; }
  const Vocabulary& vocabulary() const { return vocabulary_; }
  const Generator& generator() const { return *generator_; }

 private:
  Status feed(int token, bool primed, float temperature);

  std::unique_ptr<Generator> generator_;
  Vocabulary vocabulary_;
  SplitMix64 random_;
  std::deque<GenerationStep> history_;
  std::string text_;
  long long next_index_ = 0;
};

}  // namespace whygpu::lstm
