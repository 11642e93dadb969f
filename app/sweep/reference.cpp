#include "app/sweep/reference.h"

#include <cstdlib>
#include <filesystem>
#include <mutex>

namespace whygpu::app {
namespace fs = std::filesystem;

std::string h100_reference_path() {
  if (const char* env = std::getenv("WHYGPU_REFERENCE_DATA"); env && *env) return env;
  std::error_code ec;
  const fs::path executable = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = executable.parent_path() / ".." / ".." / kernels::kH100ReferencePath;
    if (fs::is_regular_file(beside, ec)) return fs::weakly_canonical(beside, ec).string();
  }
  return std::string(WHYGPU_SOURCE_DIR) + "/" + kernels::kH100ReferencePath;
}

const kernels::ReferenceData* h100_reference(std::string* error) {
  static std::once_flag once;
  static kernels::ReferenceData data;
  static Status status = Status::ok();
  std::call_once(once, [] { status = kernels::load_reference_data(h100_reference_path(), &data); });
  if (!status) {
    if (error) *error = status.message();
    return nullptr;
  }
  return &data;
}

}  // namespace whygpu::app
