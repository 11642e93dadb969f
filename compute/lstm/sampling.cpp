#include "compute/lstm/sampling.h"

#include <algorithm>
#include <cmath>

namespace whygpu::lstm {

int argmax(const std::vector<float>& values) {
  return static_cast<int>(std::max_element(values.begin(), values.end()) - values.begin());
}

void softmax_at_temperature(const std::vector<float>& logits, float temperature, std::vector<float>* p) {
  p->assign(logits.size(), 0.0f);
  if (logits.empty()) return;
  if (!(temperature > kGreedyTemperature)) {
    (*p)[static_cast<std::size_t>(argmax(logits))] = 1.0f;
    return;
  }
  const double peak = *std::max_element(logits.begin(), logits.end());
  double sum = 0.0;
  std::vector<double> e(logits.size());
  for (std::size_t i = 0; i < logits.size(); ++i) {
    e[i] = std::exp((logits[i] - peak) / temperature);
    sum += e[i];
  }
  for (std::size_t i = 0; i < logits.size(); ++i) (*p)[i] = static_cast<float>(e[i] / sum);
}

int draw(const std::vector<float>& p, double u) {
  double total = 0.0;
  for (float x : p) total += x;
  const double target = u * total;
  double cumulative = 0.0;
  int last_nonzero = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] <= 0.0f) continue;
    last_nonzero = static_cast<int>(i);
    cumulative += p[i];
    if (target < cumulative) return static_cast<int>(i);
  }
  return last_nonzero;  // rounding left u * total just past the end
}

}  // namespace whygpu::lstm
