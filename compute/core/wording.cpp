#include "compute/core/wording.h"

namespace whygpu {

std::string fill_placeholders(std::string_view pattern, const std::vector<std::string_view>& values) {
  std::string out;
  out.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const bool placeholder = pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 1] >= '0' &&
                             pattern[i + 1] <= '9' && pattern[i + 2] == '}';
    if (placeholder && static_cast<std::size_t>(pattern[i + 1] - '0') < values.size()) {
      out += values[static_cast<std::size_t>(pattern[i + 1] - '0')];
      i += 2;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

Wording Wording::sentence(std::string english_pattern, std::vector<Wording> values_in) {
  Wording w(std::move(english_pattern));
  w.values = std::move(values_in);
  w.is_sentence = true;
  return w;
}

Wording Wording::number(std::string c_locale_text) {
  Wording w(std::move(c_locale_text));
  w.is_number = true;
  return w;
}

std::string Wording::filled(const char* (*in_language)(const char*),
                            std::string (*number_in_language)(std::string)) const {
  if (is_number && number_in_language) return number_in_language(pattern);
  if (!is_sentence) return pattern;
  std::vector<std::string> texts;
  texts.reserve(values.size());
  for (const Wording& v : values) texts.push_back(v.filled(in_language, number_in_language));
  return fill_placeholders(in_language(pattern.c_str()), std::vector<std::string_view>(texts.begin(), texts.end()));
}

std::string Wording::english() const {
  return filled([](const char* english_pattern) { return english_pattern; });
}

}  // namespace whygpu
