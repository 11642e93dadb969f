// A small stand-alone runner for `whygpu bench lstm` (see compute/lstm/bench.h).
#include <string>
#include <vector>

#include "compute/lstm/bench.h"

int main(int argc, char** argv) {
  return whygpu::lstm::run_lstm_bench(std::vector<std::string>(argv + 1, argv + argc));
}
