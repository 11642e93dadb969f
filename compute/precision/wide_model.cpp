#include "compute/precision/wide_model.h"

namespace whygpu::precision {

using cnn::ConvGeometry;

Status wide_shape(int width, WideShape* out) {
  if (width < 1 || width > kMaxWidth)
    return Status::error(Wording::sentence(N_("width {0} is outside 1..{1}"),
                                           {std::to_string(width), std::to_string(kMaxWidth)}));
  WideShape s;
  s.width = width;
  s.conv1 = ConvGeometry{1, 28, 32 * width, 26, 13};
  s.conv2 = ConvGeometry{32 * width, 13, 64 * width, 11, 5};
  s.conv3 = ConvGeometry{64 * width, 5, 64 * width, 3, 0};
  s.flatten = s.conv3.out_channels * s.conv3.out_pixels();
  const int fan1 = s.conv1.patch(), fan2 = s.conv2.patch(), fan3 = s.conv3.patch();
  s.blocks[cnn::kConv1Weight] = {"conv1.weight", 0, s.conv1.out_channels * fan1, fan1, false};
  s.blocks[cnn::kConv1Bias] = {"conv1.bias", 0, s.conv1.out_channels, fan1, true};
  s.blocks[cnn::kConv2Weight] = {"conv2.weight", 0, s.conv2.out_channels * fan2, fan2, false};
  s.blocks[cnn::kConv2Bias] = {"conv2.bias", 0, s.conv2.out_channels, fan2, true};
  s.blocks[cnn::kConv3Weight] = {"conv3.weight", 0, s.conv3.out_channels * fan3, fan3, false};
  s.blocks[cnn::kConv3Bias] = {"conv3.bias", 0, s.conv3.out_channels, fan3, true};
  s.blocks[cnn::kDense1Weight] = {"dense1.weight", 0, s.hidden * s.flatten, s.flatten, false};
  s.blocks[cnn::kDense1Bias] = {"dense1.bias", 0, s.hidden, s.flatten, true};
  s.blocks[cnn::kDense2Weight] = {"dense2.weight", 0, cnn::kClasses * s.hidden, s.hidden, false};
  s.blocks[cnn::kDense2Bias] = {"dense2.bias", 0, cnn::kClasses, s.hidden, true};
  int offset = 0;
  for (auto& block : s.blocks) {
    block.offset = offset;
    offset += block.count;
  }
  s.parameter_count = offset;
  *out = s;
  return Status::ok();
}

double WideShape::forward_flop_per_image() const {
  const auto conv = [](const ConvGeometry& g) { return double(g.out_channels) * g.patch() * g.out_pixels(); };
  const double macs = conv(conv1) + conv(conv2) + conv(conv3) + double(hidden) * flatten + double(cnn::kClasses) * hidden;
  return 2.0 * macs;
}

double WideShape::step_flop_per_image() const {
  const double conv1_input_gradient = 2.0 * conv1.out_channels * conv1.patch() * conv1.out_pixels();
  return 3.0 * forward_flop_per_image() - conv1_input_gradient;
}

Wording WideShape::describe() const {
  return Wording::sentence(N_("width x{0}: conv {1}/{2}/{3}, dense {4}; {5} parameters"),
                           {std::to_string(width), std::to_string(conv1.out_channels),
                            std::to_string(conv2.out_channels), std::to_string(conv3.out_channels),
                            std::to_string(hidden), Wording::number(std::to_string(parameter_count))});
}

std::vector<float> wide_initial_parameters(const WideShape& shape, std::uint64_t seed) {
  return cnn::initial_parameters_for(shape.blocks.data(), cnn::kParamBlockCount, shape.parameter_count, seed);
}

}  // namespace whygpu::precision
