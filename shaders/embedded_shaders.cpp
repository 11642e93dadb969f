#include "shaders/embedded_shaders.h"

namespace whygpu::shaders {
namespace {

struct EmbeddedShader {
  std::string_view file;
  std::string_view source;
};

constexpr EmbeddedShader kShaders[] = {
#include "embedded_shaders.inc"
};

}  // namespace

std::string_view source(std::string_view file) {
  for (const EmbeddedShader& s : kShaders)
    if (s.file == file) return s.source;
  return {};
}

std::vector<std::string_view> files() {
  std::vector<std::string_view> names;
  for (const EmbeddedShader& s : kShaders) names.push_back(s.file);
  return names;
}

}  // namespace whygpu::shaders
