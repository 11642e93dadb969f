// NVRTC needs no GPU: these run wherever whygpu was built with CUDA.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compute/kernel_lab/compiler.h"
#include "compute/kernel_lab/exercise.h"

namespace whygpu::kernel_lab {
namespace {

#ifdef WHYGPU_HAVE_CUDA
constexpr bool kCudaBuild = true;
#else
constexpr bool kCudaBuild = false;
#endif

#define REQUIRE_CUDA_BUILD() \
  if (!kCudaBuild) GTEST_SKIP() << "built without CUDA: no NVRTC"

TEST(Exercises, EveryStarterFitsTheEditorAtProjectorSize) {
  for (const Exercise& e : exercises()) {
    std::size_t start = 0, line = 1;
    while (start < e.starter.size()) {
      const std::size_t end = std::min(e.starter.find('\n', start), e.starter.size());
      EXPECT_LE(end - start, kMaxStarterColumns) << e.key << " line " << line;
      start = end + 1;
      ++line;
    }
  }
}

TEST(Nvrtc, EveryStarterCompilesToPtxWithoutAGpu) {
  REQUIRE_CUDA_BUILD();
  for (const Exercise& e : exercises()) {
    SCOPED_TRACE(e.key);
    CompiledKernel k;
    ASSERT_TRUE(compile_kernel(e.starter, 0, 0, &k)) << "NVRTC did not run";
    EXPECT_TRUE(k.ok) << k.log;
    EXPECT_TRUE(k.diagnostics.empty()) << k.log;
    const std::string ptx(k.code.begin(), k.code.end());
    EXPECT_NE(ptx.find(".entry my_kernel"), std::string::npos);  // extern "C": the name is kept
    EXPECT_NE(k.target.find("compute_75"), std::string::npos);
  }
}

// The editor opens with the comments in the page's language: UTF-8 in a comment compiles.
TEST(Nvrtc, AStarterWithChineseCommentsCompiles) {
  REQUIRE_CUDA_BUILD();
  const std::string source =
      source_text(exercises().front().starter_parts, [](const char*) { return "每个线程处理一个元素：\n最后一个块可能越界。"; });
  ASSERT_NE(source.find("// 每个线程"), std::string::npos);
  CompiledKernel k;
  ASSERT_TRUE(compile_kernel(source, 0, 0, &k)) << "NVRTC did not run";
  EXPECT_TRUE(k.ok) << k.log;
  EXPECT_TRUE(k.diagnostics.empty()) << k.log;
}

TEST(Nvrtc, CompilesACubinForAGivenGpu) {
  REQUIRE_CUDA_BUILD();
  CompiledKernel k;
  ASSERT_TRUE(compile_kernel(exercises().front().starter, 9, 0, &k));
  ASSERT_TRUE(k.ok) << k.log;
  EXPECT_EQ(k.target, "sm_90");
  ASSERT_GE(k.code.size(), 4u);
  EXPECT_EQ(std::string(k.code.begin(), k.code.begin() + 4), "\x7f" "ELF");  // a CUBIN is an ELF file
}

TEST(Nvrtc, ErrorsComeBackWithTheirLines) {
  REQUIRE_CUDA_BUILD();
  const std::string source =
      "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n)\n"
      "    c[i] = a[i] + d[i];\n"
      "}\n";
  CompiledKernel k;
  ASSERT_TRUE(compile_kernel(source, 0, 0, &k));
  EXPECT_FALSE(k.ok);
  EXPECT_TRUE(k.code.empty());
  ASSERT_EQ(k.diagnostics.size(), 1u) << k.log;
  EXPECT_EQ(k.diagnostics[0].line, 4);
  EXPECT_EQ(k.diagnostics[0].severity, "error");
  EXPECT_NE(k.diagnostics[0].message.find("\"d\""), std::string::npos) << k.diagnostics[0].message;
}

}  // namespace
}  // namespace whygpu::kernel_lab
