#include <gtest/gtest.h>

#include "compute/kernel_lab/diagnostics.h"

namespace whygpu::kernel_lab {
namespace {

TEST(NvrtcLog, ErrorsAndWarningsKeepTheirLines) {
  const std::string log =
      "my_kernel.cu(5): error: identifier \"x\" is undefined\n"
      "      c[i] = a[i] + x;\n"
      "                    ^\n"
      "\n"
      "my_kernel.cu(12): warning #177-D: variable \"j\" was declared but never referenced\n"
      "1 error detected in the compilation of \"my_kernel.cu\".\n";
  const std::vector<Diagnostic> found = parse_nvrtc_log(log);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].line, 5);
  EXPECT_EQ(found[0].severity, "error");
  EXPECT_EQ(found[0].message, "identifier \"x\" is undefined");
  EXPECT_EQ(found[1].line, 12);
  EXPECT_EQ(found[1].severity, "warning");
  EXPECT_EQ(found[1].message, "variable \"j\" was declared but never referenced");
}

TEST(NvrtcLog, LinesThatAreNotDiagnosticsAreSkipped) {
  EXPECT_TRUE(parse_nvrtc_log("").empty());
  EXPECT_TRUE(parse_nvrtc_log("other.cu(3): error: x\nmy_kernel.cu(): error: x\nmy_kernel.cu(4) error\n").empty());
  EXPECT_TRUE(parse_nvrtc_log("my_kernel.cu(4): note: see declaration\n").empty());
}

}  // namespace
}  // namespace whygpu::kernel_lab
