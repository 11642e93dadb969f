#include "app/text/utf8.h"

namespace whygpu::app {
namespace {

constexpr char32_t kReplacement = 0xfffd;

bool continuation(unsigned char byte) { return (byte & 0xc0) == 0x80; }

}  // namespace

char32_t utf8_at(std::string_view text, std::size_t at, std::size_t* length) {
  const auto lead = static_cast<unsigned char>(text[at]);
  *length = 1;
  if (lead < 0x80) return lead;
  std::size_t count = 0;
  char32_t c = 0;
  char32_t smallest = 0;  // an overlong form (a shorter one exists) is invalid
  if ((lead & 0xe0) == 0xc0) count = 2, c = lead & 0x1f, smallest = 0x80;
  else if ((lead & 0xf0) == 0xe0) count = 3, c = lead & 0x0f, smallest = 0x800;
  else if ((lead & 0xf8) == 0xf0) count = 4, c = lead & 0x07, smallest = 0x10000;
  else return kReplacement;
  if (at + count > text.size()) return kReplacement;
  for (std::size_t i = 1; i < count; ++i) {
    const auto byte = static_cast<unsigned char>(text[at + i]);
    if (!continuation(byte)) return kReplacement;
    c = (c << 6) | (byte & 0x3f);
  }
  if (c < smallest || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return kReplacement;
  *length = count;
  return c;
}

char32_t utf8_before(std::string_view text, std::size_t end, std::size_t* begin) {
  // Back over at most three continuation bytes to a lead byte whose character ends at `end`.
  for (std::size_t back = 1; back <= 4 && back <= end; ++back) {
    const std::size_t start = end - back;
    if (continuation(static_cast<unsigned char>(text[start])) && back < 4 && start > 0) continue;
    std::size_t length = 0;
    const char32_t c = utf8_at(text, start, &length);
    if (start + length == end) {
      *begin = start;
      return c;
    }
    break;
  }
  *begin = end - 1;
  return kReplacement;
}

}  // namespace whygpu::app
