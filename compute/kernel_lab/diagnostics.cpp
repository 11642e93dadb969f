#include "compute/kernel_lab/diagnostics.h"

#include <cctype>
#include <sstream>

namespace whygpu::kernel_lab {
namespace {

// "<source>(<line>): <severity>[ #code-D]: <message>", else false.
bool parse_line(const std::string& text, Diagnostic* out) {
  const std::string prefix = std::string(kSourceName) + "(";
  if (text.rfind(prefix, 0) != 0) return false;
  std::size_t pos = prefix.size();
  int line = 0;
  bool digits = false;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
    line = line * 10 + (text[pos++] - '0');
    digits = true;
  }
  if (!digits || text.compare(pos, 3, "): ") != 0) return false;
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

}  // namespace

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log) {
  std::vector<Diagnostic> found;
  std::istringstream in(log);
  std::string text;
  while (std::getline(in, text)) {
    Diagnostic d;
    if (parse_line(text, &d)) found.push_back(std::move(d));
  }
  return found;
}

}  // namespace whygpu::kernel_lab
