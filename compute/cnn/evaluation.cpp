#include "compute/cnn/evaluation.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "compute/cnn/model_math.h"

namespace whygpu::cnn {

void Evaluation::add(int label, const float* probabilities) {
  const int guess = argmax10(probabilities);
  ++count;
  loss_sum_ -= std::log(std::max(static_cast<double>(probabilities[label]), static_cast<double>(FLT_MIN)));
  if (guess == label) ++correct_;
  ++confusion[label][guess];
  predicted.push_back(static_cast<std::uint8_t>(guess));
  confidence.push_back(probabilities[guess]);
}

void Evaluation::finish() {
  mean_loss = count ? loss_sum_ / count : 0.0;
  accuracy = count ? static_cast<double>(correct_) / count : 0.0;
}

}  // namespace whygpu::cnn
