#pragma once
// NVRTC's compile log, turned into one diagnostic per problem with its line number, so the
// editor can point at the line. A log line reads
//   my_kernel.cu(5): error: identifier "x" is undefined
// followed by the source line and a caret, which the diagnostic does not need.
#include <string>
#include <vector>

namespace whygpu::kernel_lab {

inline constexpr const char* kSourceName = "my_kernel.cu";

struct Diagnostic {
  int line = 0;          // 1-based line of the user's source; 0 when the log names none
  std::string severity;  // "error", "warning", "remark"
  std::string message;   // what the compiler said, without file, line and code
};

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log);

}  // namespace whygpu::kernel_lab
