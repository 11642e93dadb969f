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

namespace {

// The values that make `pattern` read `text` (recognised_sentence()); false where it does not.
bool match_pattern(std::string_view pattern, std::string_view text, std::vector<std::string>* values) {
  values->clear();
  std::size_t open = pattern.find('{');
  if (text.substr(0, open) != pattern.substr(0, open)) return false;
  if (open == std::string_view::npos) return text == pattern;
  std::size_t at = open;  // where the next value starts in text: the literals so far have equal lengths
  while (open != std::string_view::npos) {
    const std::size_t literal_start = open + 3;  // past "{k}"
    const std::size_t next_open = pattern.find('{', literal_start);
    const std::string_view literal = pattern.substr(literal_start, next_open - literal_start);
    std::size_t end;
    if (next_open == std::string_view::npos) {
      if (text.size() < at + literal.size() || text.substr(text.size() - literal.size()) != literal) return false;
      end = text.size() - literal.size();
    } else {
      end = text.find(literal, at);
      if (end == std::string_view::npos) return false;
    }
    if (end <= at) return false;
    values->emplace_back(text.substr(at, end - at));
    at = end + literal.size();
    open = next_open;
  }
  return true;
}

}  // namespace

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

Wording recognised_sentence(std::string_view english, std::initializer_list<const char*> patterns) {
  std::vector<std::string> texts;
  for (const char* pattern : patterns) {
    if (!match_pattern(pattern, english, &texts)) continue;
    return Wording::sentence(pattern, std::vector<Wording>(texts.begin(), texts.end()));
  }
  return std::string(english);
}

}  // namespace whygpu
