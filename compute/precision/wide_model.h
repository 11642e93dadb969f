#pragma once
// The MNIST network of model.h with its convolutions `width` times wider (conv1 32w,
// conv2 64w, conv3 64w channels; dense 64 and 10 as before), for seeing where Tensor
// Cores start to pay off: at width 1 a training step is a few hundred microseconds of
// small kernels, at width 16 it is mostly matrix products. Same layouts and parameter
// order as model.h, so that width 1 is exactly the curriculum's network (93,322
// parameters, the same initial weights for the same seed).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/core/status.h"

namespace whygpu::precision {

// The widths the panel and the benchmark offer; any width from 1 to kMaxWidth works.
inline constexpr int kPanelWidths[] = {1, 4, 16};
inline constexpr int kMaxWidth = 16;

struct WideShape {
  int width = 1;
  cnn::ConvGeometry conv1{}, conv2{}, conv3{};
  int flatten = 0;  // conv3 channels x 9
  int hidden = cnn::kHidden;
  std::array<cnn::ParamBlock, cnn::kParamBlockCount> blocks{};
  int parameter_count = 0;

  // Floating-point operations (2 per multiply-add) of the matrix work for one image:
  // the forward pass, and a training step (forward, and backward's two products per
  // layer except conv1's input gradient, which nothing needs).
  double forward_flop_per_image() const;
  double step_flop_per_image() const;
  // "width x4: conv 128/256/256, dense 64; 1538826 parameters", for the page to translate
  // (its count grouped there as the page groups numbers) and logs to read in English.
  Wording describe() const;
};

// An error for widths outside 1..kMaxWidth.
Status wide_shape(int width, WideShape* out);

// He-uniform weights and zero biases from the seed (model.h's rule); at width 1 exactly
// cnn::initial_parameters(seed).
std::vector<float> wide_initial_parameters(const WideShape& shape, std::uint64_t seed);

}  // namespace whygpu::precision
