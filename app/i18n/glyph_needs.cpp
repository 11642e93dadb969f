#include "app/i18n/glyph_needs.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "compute/lstm/utf8.h"

namespace whygpu::app {
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
