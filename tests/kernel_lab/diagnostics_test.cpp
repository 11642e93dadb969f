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

// Found by fuzz/compile_log_fuzz.cpp: a line number past INT_MAX overflowed an int.
TEST(NvrtcLog, LineNumbersPastIntMaxReadAsNoLine) {
  const std::vector<Diagnostic> found = parse_nvrtc_log(
      "my_kernel.cu(2147483647): error: at the limit\n"
      "my_kernel.cu(99999999999): error: too far\n");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].line, 2147483647);
  EXPECT_EQ(found[1].line, 0);
  EXPECT_EQ(found[1].message, "too far");
}

TEST(GccLog, ErrorsAndWarningsOfTheUsersFileKeepTheirLines) {
  const std::string log =
      "my_kernel.cu: In function 'void my_kernel(const float*, const float*, float*, int)':\n"
      "my_kernel.cu:4:19: error: 'd' was not declared in this scope; did you mean 'b'?\n"
      "    4 |     c[i] = a[i] + d[i];\n"
      "      |                   ^\n"
      "my_kernel.cu:2:7: warning: unused variable 'j' [-Wunused-variable]\n"
      "my_kernel.cu:9: fatal error: stdio.hh: No such file or directory\n"
      "whygpu-simulator.h:12:3: note: declared here\n"
      "my_kernel.cu:5:3: note: in expansion of macro\n";
  const std::vector<Diagnostic> found = parse_gcc_log(log);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].line, 4);
  EXPECT_EQ(found[0].severity, "error");
  EXPECT_EQ(found[0].message, "'d' was not declared in this scope; did you mean 'b'?");
  EXPECT_EQ(found[1].line, 2);
  EXPECT_EQ(found[1].severity, "warning");
  EXPECT_EQ(found[2].line, 9);
  EXPECT_EQ(found[2].severity, "error");
  EXPECT_EQ(found[2].message, "stdio.hh: No such file or directory");
}

TEST(GccLog, OtherFilesAndMalformedLinesAreSkipped) {
  EXPECT_TRUE(parse_gcc_log("whygpu-launcher.h:3:3: error: 'my_kernel' was not declared\n").empty());
  EXPECT_TRUE(parse_gcc_log("my_kernel.cu:x: error: y\nmy_kernel.cu:4 error: y\n").empty());
}

TEST(GccLog, LineAndColumnNumbersPastIntMaxReadAsNoLine) {
  const std::vector<Diagnostic> found = parse_gcc_log("my_kernel.cu:4294967296:99999999999: error: too far\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].line, 0);
  EXPECT_EQ(found[0].message, "too far");
}

}  // namespace
}  // namespace whygpu::kernel_lab
