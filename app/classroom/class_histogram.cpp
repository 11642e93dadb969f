#include "app/classroom/class_histogram.h"

#include <algorithm>
#include <cmath>

namespace whygpu::app {

double slider_position(const ClassQuestion& question, double value) {
  if (!(value > 0) || !(question.max > question.min) || !(question.min > 0)) return 0.0;
  return std::clamp(std::log(value / question.min) / std::log(question.max / question.min), 0.0, 1.0);
}

std::vector<int> class_histogram(const ClassQuestion& question, const ClassRound& round) {
  const bool choice = question.kind == Prediction::Kind::choice;
  std::vector<int> counts(choice ? question.choices.size() : static_cast<std::size_t>(kClassNumberBins), 0);
  if (counts.empty()) return counts;
  for (const auto& [student, value] : round.answers) {
    const int last = static_cast<int>(counts.size()) - 1;
    const int bin = choice ? static_cast<int>(value) : static_cast<int>(slider_position(question, value) * kClassNumberBins);
    ++counts[static_cast<std::size_t>(std::clamp(bin, 0, last))];
  }
  return counts;
}

}  // namespace whygpu::app
