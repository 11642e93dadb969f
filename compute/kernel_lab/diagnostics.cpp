#include "compute/kernel_lab/diagnostics.h"

#include <cctype>
#include <limits>
#include <sstream>

namespace whygpu::kernel_lab {
namespace {

// Reads a whole number at pos, moving pos past it; false if there is none. A number past
// INT_MAX names no line of any source the lab takes: it reads as 0 ("no line").
bool read_number(const std::string& text, std::size_t* pos, int* out) {
  const std::size_t start = *pos;
  long long value = 0;
  while (*pos < text.size() && std::isdigit(static_cast<unsigned char>(text[*pos]))) {
    if (value <= std::numeric_limits<int>::max()) value = value * 10 + (text[*pos] - '0');
    ++*pos;
  }
  *out = value <= std::numeric_limits<int>::max() ? static_cast<int>(value) : 0;
  return *pos > start;
}

// "<source>(<line>): <severity>[ #code-D]: <message>", else false.
bool parse_nvrtc_line(const std::string& text, Diagnostic* out) {
  const std::string prefix = std::string(kSourceName) + "(";
  if (text.rfind(prefix, 0) != 0) return false;
  std::size_t pos = prefix.size();
  int line = 0;
  if (!read_number(text, &pos, &line) || text.compare(pos, 3, "): ") != 0) return false;
  pos += 3;
  const std::size_t colon = text.find(':', pos);
  if (colon == std::string::npos) return false;
  std::string severity = text.substr(pos, colon - pos);
  severity = severity.substr(0, severity.find(' '));  // drop " #177-D"
  if (severity != "error" && severity != "warning" && severity != "remark") return false;
  out->line = line;
  out->severity = severity;
  out->message = text.substr(std::min(text.size(), colon + 2));
  return true;
}

// "<source>:<line>[:<column>]: <severity>: <message>", else false. "fatal error" is an error.
bool parse_gcc_line(const std::string& text, Diagnostic* out) {
  const std::string prefix = std::string(kSourceName) + ":";
  if (text.rfind(prefix, 0) != 0) return false;
  std::size_t pos = prefix.size();
  int line = 0, column = 0;
  if (!read_number(text, &pos, &line)) return false;
  if (text.compare(pos, 1, ":") == 0 && pos + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[pos + 1]))) {
    ++pos;
    read_number(text, &pos, &column);
  }
  if (text.compare(pos, 2, ": ") != 0) return false;
  pos += 2;
  for (const char* severity : {"fatal error", "error", "warning"}) {
    const std::string marker = std::string(severity) + ": ";
    if (text.compare(pos, marker.size(), marker) != 0) continue;
    out->line = line;
    out->severity = severity[0] == 'w' ? "warning" : "error";
    out->message = text.substr(pos + marker.size());
    return true;
  }
  return false;
}

std::vector<Diagnostic> parse_log(const std::string& log, bool (*parse)(const std::string&, Diagnostic*)) {
  std::vector<Diagnostic> found;
  std::istringstream in(log);
  std::string text;
  while (std::getline(in, text)) {
    Diagnostic d;
    if (parse(text, &d)) found.push_back(std::move(d));
  }
  return found;
}

}  // namespace

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log) { return parse_log(log, parse_nvrtc_line); }

std::vector<Diagnostic> parse_gcc_log(const std::string& log) { return parse_log(log, parse_gcc_line); }

}  // namespace whygpu::kernel_lab
