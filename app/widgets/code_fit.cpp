#include "app/widgets/code_fit.h"

#include <imgui.h>

#include <algorithm>
#include <string_view>

#include "app/text/utf8.h"

namespace whygpu::app {

float code_scale_to_fit(const std::string& code, float width) {
  float widest = 0.0f;
  std::size_t start = 0;
  while (start <= code.size()) {
    const std::size_t end = std::min(code.find('\n', start), code.size());
    widest = std::max(widest, ImGui::CalcTextSize(code.data() + start, code.data() + end).x);
    start = end + 1;
  }
  if (widest <= width || widest <= 0.0f) return 1.0f;
  return std::max(kMinCodeScale, width / widest);
}

namespace {

float text_width(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

// Breaks one line (no '\n') into pieces no wider than `width`; see wrap_code_to_width.
void wrap_line(std::string_view line, float width, std::string* out) {
  const std::size_t indent_end = std::min(line.find_first_not_of(' '), line.size());
  // Deeper than the line's own indentation, unless that leaves no room for code.
  std::string continuation(indent_end + 4, ' ');
  if (text_width(continuation) > width * 0.5f) continuation.clear();
  std::string_view rest = line;
  std::string_view prefix;
  while (true) {
    const float room = width - text_width(prefix);
    if (text_width(rest) <= room) break;
    // Never a break inside the first piece's indentation: that would make an empty line.
    const std::size_t no_break_before = prefix.empty() ? indent_end : 0;
    std::size_t fits = 0, last_break = 0;
    float used = 0.0f;
    for (std::size_t at = 0; at < rest.size();) {
      std::size_t length = 1;
      const char32_t c = utf8_at(rest, at, &length);
      if (c == ' ' && at > no_break_before) last_break = at;  // a space may fall past the edge: it is dropped
      used += text_width(rest.substr(at, length));       // ImGui adds advances: no kerning
      if (used > room) break;
      at += length;
      fits = at;
      if (at > no_break_before && (c == ',' || c == ';' || c == '(')) last_break = at;
    }
    std::size_t cut = last_break > 0 ? last_break : std::max<std::size_t>(fits, 1);
    std::string_view piece = rest.substr(0, cut);
    while (!piece.empty() && piece.back() == ' ') piece.remove_suffix(1);
    out->append(prefix).append(piece).push_back('\n');
    rest.remove_prefix(cut);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    prefix = continuation;
    if (rest.empty()) return;
  }
  out->append(prefix).append(rest).push_back('\n');
}

}  // namespace

std::string wrap_code_to_width(const std::string& code, float width) {
  std::string wrapped;
  std::size_t start = 0;
  while (start < code.size()) {
    const std::size_t end = std::min(code.find('\n', start), code.size());
    wrap_line(std::string_view(code).substr(start, end - start), width, &wrapped);
    start = end + 1;
  }
  if (!code.empty() && code.back() != '\n') wrapped.pop_back();
  return wrapped;
}

}  // namespace whygpu::app
