#pragma once
// `whygpu bench lstm [options]`: the character LSTM's training step, what it learns and
// its generation speed. Options:
//   --batch N --length N --hidden N --embed N   shape (64, 64, 128, 64)
//   --corpus PATH    text whose vocabulary sets the softmax size (data/corpus/sotu.txt;
//                    without it, a synthetic text of --vocab characters, 98)
//   --steps N        training steps per timed repeat (20); --repeats N (30, at least 2).
//                    The first repeat warms up untimed; every step trains, so each
//                    trainer takes steps x repeats training steps (600)
//   --seed N         initial weights (1)
//   --chars N        characters per generation repeat (200)
//   --learning-only  only the trainer the app uses, no phase profile, no generation
//   --cpu            also time the CPU trainer and generator (slow)
// Training reads the text but its last 5% (held_out_begin); after training, each trainer
// prints its loss (the mean of the last repeat's steps) and its loss on those held-out
// characters. Prints one line per measurement: medians over the timed repeats.
#include <cstddef>
#include <string>
#include <vector>

namespace whygpu::lstm {

// Where a text's held-out part begins: the last 5% (rounded down) is never trained on.
// scripts/peer/lstm_pytorch.py splits the same way.
std::size_t held_out_begin(std::size_t text_length);

// Returns the process exit code: 0, 1 when a measurement failed, 2 for bad arguments.
int run_lstm_bench(const std::vector<std::string>& args);

}  // namespace whygpu::lstm
