#pragma once
// Numbers as a person reads them on a page or aloud.
#include <string>

namespace whygpu::app {

// 1234567 -> "1,234,567" (rounded to a whole number).
std::string with_commas(double value);

}  // namespace whygpu::app
