#include "app/i18n/number_text.h"

#include <cmath>
#include <cstdio>

#include "app/i18n/language.h"

namespace whygpu::app {
namespace {

const Language& interface_language() {
  const Language* language = find_language(current_language());
  return language ? *language : languages().front();
}

}  // namespace

std::string with_commas(double value) {
  const std::string separator = interface_language().thousands_separator;
  const long long v = std::llround(value);
  const std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out = v < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
    out += digits[i];
  }
  return out;
}

std::string decimal_text(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);  // LC_NUMERIC is "C": a point
  return in_language(text);
}

std::string significant_text(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return in_language(text);
}

std::string in_language(std::string c_locale_number) {
  const std::string separator = interface_language().decimal_point;
  if (const std::size_t point = c_locale_number.find('.'); point != std::string::npos && separator != ".")
    c_locale_number.replace(point, 1, separator);
  return c_locale_number;
}

}  // namespace whygpu::app
