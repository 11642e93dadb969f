#include "app/i18n/glyph_needs.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "compute/lstm/utf8.h"

namespace whygpu::app {

std::vector<char32_t> code_points_of(const std::string& text) {
  std::vector<char32_t> points;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
    char32_t c = length == 1 ? lead : length == 2 ? lead & 0x1f : length == 3 ? lead & 0x0f : lead & 0x07;
    bool valid = length > 0 && i + length <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xc0) == 0x80;
      c = (c << 6) | (next & 0x3f);
    }
    if (!valid) {
      points.push_back(0xFFFD);
      ++i;
      continue;
    }
    if (c >= 0x20 && c != 0x7f && !(c >= 0x80 && c < 0xa0)) points.push_back(c);
    i += length;
  }
  return points;
}
namespace {

struct Needs {
  std::mutex mutex;
  std::set<char32_t> code_points;
  int generation = 0;
};

Needs& needs() {
  static Needs n;
  return n;
}

}  // namespace

void need_glyphs(const std::vector<char32_t>& code_points) {
  Needs& n = needs();
  std::lock_guard lock(n.mutex);
  const std::size_t before = n.code_points.size();
  for (const char32_t c : code_points)
    if (c >= 0x20) n.code_points.insert(c);  // control characters are never drawn
  if (n.code_points.size() != before) ++n.generation;
}

int glyph_needs_generation() {
  Needs& n = needs();
  std::lock_guard lock(n.mutex);
  return n.generation;
}

std::vector<char32_t> needed_glyphs() {
  Needs& n = needs();
  std::lock_guard lock(n.mutex);
  return {n.code_points.begin(), n.code_points.end()};
}

std::vector<std::pair<char32_t, char32_t>> glyph_ranges(const std::vector<char32_t>& sorted_code_points) {
  std::vector<std::pair<char32_t, char32_t>> ranges;
  for (const char32_t c : sorted_code_points) {
    if (!ranges.empty() && ranges.back().second + 1 >= c) ranges.back().second = std::max(ranges.back().second, c);
    else ranges.push_back({c, c});
  }
  return ranges;
}

std::string glyph_sample(const std::vector<char32_t>& code_points, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < code_points.size() && i < limit; ++i) {
    if (i) out += ' ';
    lstm::append_utf8(code_points[i], &out);
  }
  if (code_points.size() > limit) out += " and " + std::to_string(code_points.size() - limit) + " more";
  return out;
}

}  // namespace whygpu::app
