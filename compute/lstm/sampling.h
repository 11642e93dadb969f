#pragma once
// From logits to a drawn character, on the host for CPU and GPU generators alike (the
// GPU returns the logits anyway for the probability view, so drawing here costs nothing
// and the same seed draws the same text on either device).
#include <vector>

namespace whygpu::lstm {

// At or below this temperature the draw is the most likely character (argmax): dividing
// logits by ever smaller numbers would only overflow.
inline constexpr float kGreedyTemperature = 1e-3f;

// softmax(logits / temperature); at kGreedyTemperature or below, 1 at the argmax and 0
// elsewhere.
void softmax_at_temperature(const std::vector<float>& logits, float temperature, std::vector<float>* probabilities);

// The first index of the largest value (ties go to the lower index).
int argmax(const std::vector<float>& values);

// Inverse-CDF draw with u in [0, 1); never returns an index of probability zero.
int draw(const std::vector<float>& probabilities, double u);

}  // namespace whygpu::lstm
