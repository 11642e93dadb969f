#pragma once
// Results of running a trained network over a labelled set: loss, accuracy, the confusion
// matrix and each image's prediction (for the misclassified gallery).
#include <array>
#include <cstdint>
#include <vector>

#include "compute/cnn/model.h"

namespace whygpu::cnn {

struct Evaluation {
  int count = 0;
  double mean_loss = 0.0;
  double accuracy = 0.0;  // fraction in [0, 1]
  std::array<std::array<int, kClasses>, kClasses> confusion{};  // [true label][predicted]
  std::vector<std::uint8_t> predicted;  // per image
  std::vector<float> confidence;        // probability given to the predicted class

  // Adds one image's result from its softmax output.
  void add(int label, const float* probabilities);
  // Computes mean_loss and accuracy from what was added.
  void finish();

 private:
  double loss_sum_ = 0.0;
  int correct_ = 0;
};

}  // namespace whygpu::cnn
