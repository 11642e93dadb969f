#pragma once
// The whygpu executable that panels run work in as a child process (the kernel lab's
// tries, the host program): work that could break this process's CUDA context, or never
// end. main() sets it; other programs that draw panels (UI tests) leave it empty, and such
// work then says it cannot run.
#include <string>

namespace whygpu::app {

void set_child_executable(std::string path);
const std::string& child_executable();

}  // namespace whygpu::app
