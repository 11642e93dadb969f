#pragma once
// The one description of the MNIST network (curriculum section 7) that the CPU and GPU
// trainers both follow:
//   input 1x28x28 -> conv 32 3x3 ReLU (32x26x26) -> max-pool 2 (32x13x13)
//   -> conv 64 3x3 ReLU (64x11x11) -> max-pool 2 (64x5x5) -> conv 64 3x3 ReLU (64x3x3)
//   -> flatten 576 -> dense 64 ReLU -> dense 10 softmax; cross-entropy loss, Adam.
//
// Conventions shared by both back ends (and by saved weight files):
// - All parameters live in one flat float array, blocks in the order of kParamBlocks.
//   Conv weights are [out][in][3][3], dense weights [out][in] (row-major); biases [out].
// - Inside a batch, conv activations are laid out channel-major over the batch,
//   [channel][image][y][x] ("CNHW"), so each conv layer is one matrix product
//   W[out][in*9] x columns[in*9][batch*out_side*out_side]. For one image this is the
//   plain [channel][y][x] layout the feature-map views use.
// - Flatten order is [channel][y][x] of the conv3 output; dense activations are
//   [image][unit].
// - Pixels enter as byte/255 in [0, 1]; max-pooling keeps the first largest value of each
//   2x2 window (row-major scan) and drops an odd last row and column (11 -> 5).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::cnn {

inline constexpr int kImageSide = 28;
inline constexpr int kImagePixels = kImageSide * kImageSide;
inline constexpr int kClasses = 10;
// The largest batch either trainer accepts (memory grows with it: about 0.6 MB an image).
inline constexpr int kMaxBatch = 1024;

struct ConvGeometry {
  int in_channels;
  int in_side;
  int out_channels;
  int out_side;     // in_side - 2 (3x3 kernel, no padding, stride 1)
  int pooled_side;  // out_side / 2 when a 2x2 max-pool follows, else 0
  constexpr int patch() const { return in_channels * 9; }  // inner size of the GEMM
  constexpr int out_pixels() const { return out_side * out_side; }
  constexpr int pooled_pixels() const { return pooled_side * pooled_side; }
};

inline constexpr ConvGeometry kConv1{1, 28, 32, 26, 13};
inline constexpr ConvGeometry kConv2{32, 13, 64, 11, 5};
inline constexpr ConvGeometry kConv3{64, 5, 64, 3, 0};
inline constexpr int kFlatten = kConv3.out_channels * kConv3.out_pixels();  // 576
inline constexpr int kHidden = 64;

enum ParamBlockId {
  kConv1Weight, kConv1Bias, kConv2Weight, kConv2Bias, kConv3Weight, kConv3Bias,
  kDense1Weight, kDense1Bias, kDense2Weight, kDense2Bias, kParamBlockCount
};

struct ParamBlock {
  const char* name;
  int offset;  // into the flat parameter array
  int count;
  int fan_in;  // inputs feeding one output unit (sets the initial weight scale)
  bool is_bias;
};

inline constexpr std::array<ParamBlock, kParamBlockCount> kParamBlocks = [] {
  std::array<ParamBlock, kParamBlockCount> b{};
  const int w1 = kConv1.out_channels * kConv1.patch();
  const int w2 = kConv2.out_channels * kConv2.patch();
  const int w3 = kConv3.out_channels * kConv3.patch();
  const int wd1 = kHidden * kFlatten;
  const int wd2 = kClasses * kHidden;
  b[kConv1Weight] = {"conv1.weight", 0, w1, kConv1.patch(), false};
  b[kConv1Bias] = {"conv1.bias", 0, kConv1.out_channels, kConv1.patch(), true};
  b[kConv2Weight] = {"conv2.weight", 0, w2, kConv2.patch(), false};
  b[kConv2Bias] = {"conv2.bias", 0, kConv2.out_channels, kConv2.patch(), true};
  b[kConv3Weight] = {"conv3.weight", 0, w3, kConv3.patch(), false};
  b[kConv3Bias] = {"conv3.bias", 0, kConv3.out_channels, kConv3.patch(), true};
  b[kDense1Weight] = {"dense1.weight", 0, wd1, kFlatten, false};
  b[kDense1Bias] = {"dense1.bias", 0, kHidden, kFlatten, true};
  b[kDense2Weight] = {"dense2.weight", 0, wd2, kHidden, false};
  b[kDense2Bias] = {"dense2.bias", 0, kClasses, kHidden, true};
  int offset = 0;
  for (auto& block : b) {
    block.offset = offset;
    offset += block.count;
  }
  return b;
}();

inline constexpr int kParameterCount =
    kParamBlocks[kDense2Bias].offset + kParamBlocks[kDense2Bias].count;
static_assert(kParameterCount == 93322, "the curriculum's network has 93,322 parameters");

// The layers whose activations the UI shows for one image, in network order.
enum class Layer { kInput, kConv1, kPool1, kConv2, kPool2, kConv3, kDense1, kOutput };
inline constexpr int kLayerCount = 8;

struct LayerShape {
  const char* name;  // "conv1 (32 maps 26x26, after ReLU)"
  int channels;
  int height;
  int width;
  constexpr int size() const { return channels * height * width; }
};

inline constexpr std::array<LayerShape, kLayerCount> kLayerShapes{{
    {"input 28x28", 1, 28, 28},
    {"conv1: 32 maps 26x26 after ReLU", 32, 26, 26},
    {"pool1: 32 maps 13x13", 32, 13, 13},
    {"conv2: 64 maps 11x11 after ReLU", 64, 11, 11},
    {"pool2: 64 maps 5x5", 64, 5, 5},
    {"conv3: 64 maps 3x3 after ReLU", 64, 3, 3},
    {"dense1: 64 units after ReLU", 1, 1, 64},
    {"output: 10 probabilities", 1, 1, 10},
}};

inline const LayerShape& layer_shape(Layer layer) { return kLayerShapes[static_cast<int>(layer)]; }

// Initial weights from a seed, identical on every machine (a fixed generator, no
// std::uniform_real_distribution): He-uniform weights, U(-sqrt(6/fan_in), +sqrt(6/fan_in)),
// suited to ReLU layers; zero biases.
std::vector<float> initial_parameters(std::uint64_t seed);
// The same rule for any list of blocks (offsets into an array of parameter_count), so
// that wider versions of the network start the same way (compute/precision/wide_model.h).
std::vector<float> initial_parameters_for(const ParamBlock* blocks, int block_count, int parameter_count,
                                          std::uint64_t seed);

// Ok when `params` holds exactly kParameterCount values; else "<what>: N values, the
// network has 93322".
Status check_parameter_count(const std::vector<float>& params, const char* what);

// One line per layer with its output shape and parameter count, for the UI and the bench.
std::string model_summary();

}  // namespace whygpu::cnn
