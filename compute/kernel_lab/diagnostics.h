#pragma once
// A compiler's log, turned into one diagnostic per problem with its line number, so the
// editor can point at the line. NVRTC's log line reads
//   my_kernel.cu(5): error: identifier "x" is undefined
// and g++'s or clang++'s (the CPU simulator's compilers)
//   my_kernel.cu:5:17: error: 'x' was not declared in this scope
// each followed by the source line and a caret, which the diagnostic does not need.
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
// Lines about other files (the simulator's prelude) and notes are left out.
std::vector<Diagnostic> parse_gcc_log(const std::string& log);

}  // namespace whygpu::kernel_lab
