#pragma once
// The whygpu binary the child-process tests start: $WHYGPU_APP_BINARY when set (binaries
// carried to another machine), else the one this build made.
#include <cstdlib>
#include <string>

namespace whygpu::kernel_lab::testing {

inline std::string app_binary() {
  const char* env = std::getenv("WHYGPU_APP_BINARY");
  return env && *env ? env : WHYGPU_APP_BINARY;
}

}  // namespace whygpu::kernel_lab::testing
