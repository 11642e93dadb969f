#include "app/checkout_path.h"

#include <cstdlib>
#include <filesystem>

namespace whygpu::app {
namespace fs = std::filesystem;

std::string checkout_path(const char* env, const std::string& relative) {
  if (const char* value = std::getenv(env); value && *value) return value;
  std::error_code ec;
  const fs::path executable = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = executable.parent_path() / ".." / ".." / relative;
    if (fs::exists(beside, ec)) return fs::weakly_canonical(beside, ec).string();
  }
  return std::string(WHYGPU_SOURCE_DIR) + "/" + relative;
}

}  // namespace whygpu::app
