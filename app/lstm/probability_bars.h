#pragma once
// The model's guesses for the next character: the most likely ones as horizontal bars,
// the probability at temperature 1 (thin, grey) under the one at the chosen temperature
// (thick, coloured), so moving the temperature slider visibly sharpens or flattens them.
// Ranks never change with temperature (dividing every logit by the same T keeps their
// order), only the heights do; the "everything else" row shows where the tail went.
#include <vector>

#include "compute/lstm/vocabulary.h"

struct ImFont;

namespace whygpu::app::lstm_ui {

struct ProbabilityBarsInput {
  const lstm::Vocabulary* vocabulary = nullptr;
  const std::vector<float>* at_one = nullptr;   // softmax(logits)
  const std::vector<float>* tempered = nullptr;  // softmax(logits / T)
  float temperature = 1.0f;
  int drawn = -1;  // the token the step drew (marked), or -1
  int top = 10;    // rows
};

// Draws at the cursor, `width` pixels wide; `label_font` for the character column.
void draw_probability_bars(const ProbabilityBarsInput& in, float width, float scale, ImFont* label_font);

}  // namespace whygpu::app::lstm_ui
