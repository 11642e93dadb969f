#pragma once
// The character model's training loss against steps, with the loss of blind guessing
// (every character equally likely: ln V) drawn across for scale: a fresh model starts
// near that line, and every step below it is something learned.
#include <vector>

#include "app/plot/plot.h"
#include "compute/lstm/session.h"

namespace whygpu::app::lstm_ui {

plot::Chart loss_chart(const std::vector<lstm::LossPoint>& curve, int vocabulary_size, unsigned colour);

}  // namespace whygpu::app::lstm_ui
