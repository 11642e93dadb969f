#pragma once
// The GLSL files of shaders/, compiled into whygpu (see CMakeLists.txt for why they are
// embedded and not read at run time).
#include <string_view>
#include <vector>

namespace whygpu::shaders {

// The source of one file ("matmul.frag") as it was when whygpu was built; empty when
// there is no such file.
std::string_view source(std::string_view file);

// The names of every embedded file.
std::vector<std::string_view> files();

}  // namespace whygpu::shaders
