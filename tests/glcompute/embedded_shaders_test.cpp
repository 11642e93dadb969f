// Every shader the OpenGL path builds is embedded, as GLSL of the version it needs.
#include <gtest/gtest.h>

#include <string>

#include "shaders/embedded_shaders.h"

namespace whygpu {
namespace {

TEST(EmbeddedShaders, EachFileIsThereWithItsVersionLine) {
  const struct {
    const char* file;
    const char* version;
  } expected[] = {{"fullscreen.vert", "#version 330 core"}, {"vector_add.frag", "#version 330 core"},
                  {"matmul.frag", "#version 330 core"},     {"vector_add.comp", "#version 430"},
                  {"matmul_naive.comp", "#version 430"},    {"matmul_tiled.comp", "#version 430"}};
  EXPECT_EQ(shaders::files().size(), std::size(expected));
  for (const auto& e : expected) {
    const std::string_view source = shaders::source(e.file);
    ASSERT_FALSE(source.empty()) << e.file;
    EXPECT_EQ(source.substr(0, std::string_view(e.version).size()), e.version) << e.file;
    EXPECT_NE(source.find("void main()"), std::string::npos) << e.file;
  }
  EXPECT_TRUE(shaders::source("missing.frag").empty());
}

}  // namespace
}  // namespace whygpu
