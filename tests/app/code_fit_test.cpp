// Code on a page too narrow for it even at its least font scale: long lines wrap, each
// piece inside the width, the continuation indented deeper than the line it continues.
#include "app/widgets/code_fit.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <sstream>
#include <string>
#include <vector>

namespace whygpu::app {
namespace {

class CodeFit : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->AddFontDefault();
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(1));  // any non-null id: nothing is drawn
    ImGui::NewFrame();
  }
  void TearDown() override {
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
  static float width_of(const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; }
  static std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }
};

TEST_F(CodeFit, LinesThatFitAreLeftAsTheyAre) {
  const std::string code = "int r = 0;\n\n  if (r) return;\n";
  EXPECT_EQ(wrap_code_to_width(code, width_of("  if (r) return;")), code);
  EXPECT_EQ(wrap_code_to_width("x = 1;", 1000.0f), "x = 1;");
}

TEST_F(CodeFit, ALongLineBreaksAfterASpaceWithItsContinuationIndentedDeeper) {
  const std::string line = "  for (int k = 0; k < in; ++k) sum += W[r * in + k] * x[k];";
  const float width = width_of("  for (int k = 0; k < in; ++k)");
  const std::vector<std::string> pieces = lines_of(wrap_code_to_width(line + "\n", width));
  ASSERT_GE(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], "  for (int k = 0; k < in; ++k)");
  std::string joined = pieces[0];
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    EXPECT_LE(width_of(pieces[i]), width) << pieces[i];
    if (i == 0) continue;
    EXPECT_EQ(pieces[i].rfind("      ", 0), 0u) << "two spaces of the line's own and four more: " << pieces[i];
    joined += " " + pieces[i].substr(6);
  }
  EXPECT_EQ(joined, line) << "nothing lost or added but the breaks";
}

TEST_F(CodeFit, AWordWiderThanTheRoomBreaksInsideIt) {
  const std::string word(60, 'w');
  const float width = width_of(std::string(25, 'w'));
  const std::vector<std::string> pieces = lines_of(wrap_code_to_width(word, width));
  ASSERT_GE(pieces.size(), 3u);
  std::string joined;
  for (const std::string& piece : pieces) {
    EXPECT_LE(width_of(piece), width) << piece;
    joined += piece.substr(piece.find_first_not_of(' '));
  }
  EXPECT_EQ(joined, word);
}

}  // namespace
}  // namespace whygpu::app
