#include "app/number_text.h"

#include <cmath>

namespace whygpu::app {

std::string with_commas(double value) {
  const long long v = std::llround(value);
  const std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out = v < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace whygpu::app
