#include "app/i18n/number_text.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/i18n/language.h"

namespace whygpu::app {
namespace {

const Language& interface_language() {
  const Language* language = find_language(current_language());
  return language ? *language : languages().front();
}

// Digits grouped by thousands with the language's separator: "1234567" -> "1,234,567".
std::string grouped(const std::string& digits) {
  const std::string separator = interface_language().thousands_separator;
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string with_commas(double value) {
  const long long v = std::llround(value);
  return (v < 0 ? "-" : "") + grouped(std::to_string(v < 0 ? -v : v));
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

std::string number_as_read(std::string c_locale_number) {
  // The number: an optional sign, digits, then optionally a point and digits; the rest
  // (" s", " ms") is kept as written.
  std::size_t end = c_locale_number[0] == '-' ? 1 : 0;
  const std::size_t digits_start = end;
  while (end < c_locale_number.size() && std::isdigit(static_cast<unsigned char>(c_locale_number[end]))) ++end;
  const std::size_t digits_end = end;
  if (digits_end == digits_start) return in_language(std::move(c_locale_number));
  if (end < c_locale_number.size() && c_locale_number[end] == '.') {
    ++end;
    while (end < c_locale_number.size() && std::isdigit(static_cast<unsigned char>(c_locale_number[end]))) ++end;
  }
  if (end < c_locale_number.size() && c_locale_number[end] != ' ') return in_language(std::move(c_locale_number));
  return c_locale_number.substr(0, digits_start) +
         grouped(c_locale_number.substr(digits_start, digits_end - digits_start)) +
         in_language(c_locale_number.substr(digits_end));
}

}  // namespace whygpu::app
