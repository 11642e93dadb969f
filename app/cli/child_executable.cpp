#include "app/cli/child_executable.h"

namespace whygpu::app {
namespace {

std::string& path() {
  static std::string p;
  return p;
}

}  // namespace

void set_child_executable(std::string p) { path() = std::move(p); }
const std::string& child_executable() { return path(); }

}  // namespace whygpu::app
