#include "app/lesson/text_limits.h"

#include <string>

namespace whygpu::app {

std::size_t utf8_characters(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  return count;
}

std::string over_limit(std::string_view text, const TextLimit& limit) {
  const std::size_t n = utf8_characters(text);
  if (n <= limit.characters) return "";
  return std::string(limit.what) + " is " + std::to_string(n) + " characters long (at most " +
         std::to_string(limit.characters) + ")";
}

std::string within_limit(std::string_view text, const TextLimit& limit) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xc0) == 0x80) continue;
    if (seen++ == limit.characters) return std::string(text.substr(0, i)) + "...";
  }
  return std::string(text);
}

}  // namespace whygpu::app
