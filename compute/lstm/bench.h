#pragma once
// `whygpu bench lstm [options]`: the character LSTM's training step, what it learns and
// its generation speed. Its options (shape, corpus, steps x repeats, seed, generation) are
// the field table in bench.cpp (`whygpu bench lstm --help`); each trainer takes steps x
// repeats training steps, the first repeat warming up untimed.
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
