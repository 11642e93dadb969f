#pragma once
// `whygpu bench lstm [options]`: the character LSTM's training step and generation
// speed (the lead wires it into app/bench_command.cpp). Options:
//   --batch N --length N --hidden N --embed N   shape (64, 64, 128, 64)
//   --corpus PATH    text whose vocabulary sets the softmax size (data/corpus/sotu.txt;
//                    without it, a synthetic text of --vocab characters, 98)
//   --steps N        training steps per timed repeat (20); --repeats N (30)
//   --chars N        characters per generation repeat (200)
//   --cpu            also time the CPU trainer and generator (slow)
// Prints one line per measurement: medians over the repeats, after warm-up.
#include <string>
#include <vector>

namespace whygpu::lstm {

// Returns the process exit code: 0, 1 when a measurement failed, 2 for bad arguments.
int run_lstm_bench(const std::vector<std::string>& args);

}  // namespace whygpu::lstm
