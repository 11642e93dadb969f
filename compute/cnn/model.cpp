#include "compute/cnn/model.h"

#include <cmath>
#include <cstdio>

#include "compute/core/split_mix.h"

namespace whygpu::cnn {

Status check_parameter_count(const std::vector<float>& params, const char* what) {
  if (params.size() == static_cast<std::size_t>(kParameterCount)) return Status::ok();
  return Status::error(Wording::sentence(N_("{0}: {1} values, the network has {2}"),
                                         {what, std::to_string(params.size()),
                                          std::to_string(kParameterCount)}));
}

std::vector<float> initial_parameters_for(const ParamBlock* blocks, int block_count, int parameter_count,
                                          std::uint64_t seed) {
  std::vector<float> params(parameter_count, 0.0f);
  SplitMix64 rng(seed);
  for (int b = 0; b < block_count; ++b) {
    const ParamBlock& block = blocks[b];
    if (block.is_bias) continue;  // zero
    const double bound = std::sqrt(6.0 / block.fan_in);
    for (int i = 0; i < block.count; ++i)
      params[block.offset + i] = static_cast<float>((2.0 * rng.uniform() - 1.0) * bound);
  }
  return params;
}

std::vector<float> initial_parameters(std::uint64_t seed) {
  return initial_parameters_for(kParamBlocks.data(), kParamBlockCount, kParameterCount, seed);
}

std::string model_summary() {
  struct Row {
    const char* layer;
    const char* output;
    int params;
  };
  const auto count = [](ParamBlockId w, ParamBlockId b) {
    return kParamBlocks[w].count + kParamBlocks[b].count;
  };
  const Row rows[] = {
      {"Conv2D 32 3x3 ReLU", "26x26x32", count(kConv1Weight, kConv1Bias)},
      {"MaxPool 2x2", "13x13x32", 0},
      {"Conv2D 64 3x3 ReLU", "11x11x64", count(kConv2Weight, kConv2Bias)},
      {"MaxPool 2x2", "5x5x64", 0},
      {"Conv2D 64 3x3 ReLU", "3x3x64", count(kConv3Weight, kConv3Bias)},
      {"Flatten", "576", 0},
      {"Dense 64 ReLU", "64", count(kDense1Weight, kDense1Bias)},
      {"Dense 10 softmax", "10", count(kDense2Weight, kDense2Bias)},
  };
  std::string text;
  char line[96];
  for (const Row& row : rows) {
    std::snprintf(line, sizeof line, "%-20s %-10s %7d\n", row.layer, row.output, row.params);
    text += line;
  }
  std::snprintf(line, sizeof line, "%-20s %-10s %7d\n", "Total", "", kParameterCount);
  return text + line;
}

}  // namespace whygpu::cnn
