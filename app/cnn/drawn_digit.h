#pragma once
// A digit drawn with the mouse, turned into the 28x28 picture the network reads, the way
// MNIST's digits were made: the strokes are scaled to fit a 20x20 box (aspect kept),
// drawn with a soft round pen about 3 pixels wide, and the picture is moved so that its
// centre of mass sits in the middle of the 28x28 field. Without that, a digit drawn small
// or in a corner looks nothing like the training images and is misread.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/core/status.h"

namespace whygpu::app::cnn_ui {

// A point on the canvas, as fractions of its side: (0, 0) top left, (1, 1) bottom right.
struct CanvasPoint {
  float x = 0.0f, y = 0.0f;
};
using Stroke = std::vector<CanvasPoint>;  // one press of the mouse button to its release

using DigitPixels = std::array<std::uint8_t, cnn::kImagePixels>;  // 0 background .. 255 ink

// All black when there is no point at all. A single point is a dot.
DigitPixels rasterise_strokes(const std::vector<Stroke>& strokes);

// Strokes written as text, for lessons and scripts: points "x,y" separated by spaces,
// strokes separated by ';', coordinates in [0, 1]. "0.5,0.1 0.5,0.9" is a one.
Status parse_strokes(const std::string& text, std::vector<Stroke>* out);

}  // namespace whygpu::app::cnn_ui
