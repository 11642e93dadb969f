// whygpu_cnn_bench: `whygpu bench cnn` as a tool of its own.
#include <string>
#include <vector>

#include "compute/cnn/cnn_bench.h"

int main(int argc, char** argv) {
  return whygpu::cnn::run_cnn_bench(std::vector<std::string>(argv + 1, argv + argc));
}
