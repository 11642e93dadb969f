#pragma once
// Where a file or folder that ships in the repository (lessons/, data/mnist, the H100
// reference data) is found at run time, the same way for each of them.
#include <string>

namespace whygpu::app {

// The environment variable `env` when it is set; else `relative` in the checkout the
// running binary sits in (build/app/whygpu -> ../../relative), so a build carried to
// another machine finds its own copy; else `relative` in the source tree it was built from.
std::string checkout_path(const char* env, const std::string& relative);

}  // namespace whygpu::app
