#pragma once
// The network's answer for one image: a bar per class with its probability, the chosen
// class highlighted.
#include <string>
#include <vector>

#include "compute/cnn/trainer.h"

namespace whygpu::app::cnn_ui {

// class_names: the data set's (missing names are shown as numbers). width: of the bars.
void draw_probability_bars(const cnn::Inference& inference, const std::vector<std::string>& class_names, float width,
                           unsigned colour);

}  // namespace whygpu::app::cnn_ui
