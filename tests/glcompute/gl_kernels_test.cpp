// The GLSL kernels of shaders/ on this machine's OpenGL (llvmpipe in CI, the NVIDIA driver
// on the GPU machine) against the CPU: fresh random inputs, the output poisoned with NaN
// on the GPU, odd sizes that leave part-used texels, part-used rows and part-used work groups.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/glcompute/gl_compute.h"
#include "compute/kernels/random_fill.h"
#include "tests/glcompute/gl_test_support.h"
#include "tests/kernels/check_support.h"

namespace whygpu::app {
namespace {

using testing::gl_thread;
using kernels::testing::matmul_reference;
using kernels::testing::poisoned;
using kernels::testing::random_vector;
using kernels::testing::relative_error;

TEST(GlRendererHere, IsNamedAndClassified) {
  WHYGPU_REQUIRE_GL();
  GlRenderer r;
  ASSERT_TRUE(gl_thread().wait_ready(&r));
  std::printf("OpenGL renderer: %s | %s | %s -> %s%s%s\n", r.renderer.c_str(), r.vendor.c_str(), r.version.c_str(),
              r.name().c_str(), r.software ? "; " : "", r.caveat().c_str());
  EXPECT_FALSE(r.renderer.empty());
  EXPECT_NE(r.name().find("via OpenGL"), std::string::npos);
  EXPECT_TRUE(r.major > 3 || (r.major == 3 && r.minor >= 3)) << r.version;
  if (r.renderer.find("llvmpipe") != std::string::npos) {
    EXPECT_TRUE(r.software);
    EXPECT_NE(r.caveat().find("not a GPU result"), std::string::npos);
  }
  const std::string expected = testing::expected_renderer_kind();
  if (expected == "software") {
    EXPECT_TRUE(r.software) << r.renderer;
  }
  if (expected == "hardware") {
    EXPECT_FALSE(r.software) << r.renderer;
  }
}

class GlVectorAdd : public ::testing::TestWithParam<GlKernel> {};

TEST_P(GlVectorAdd, MatchesTheCpuAtOddSizes) {
  WHYGPU_REQUIRE_GL();
  const GlKernel kernel = GetParam();
  // 1 to 3: one part-used texel; 65539: whole rows of a 16384-wide texture are not reached
  // on most GPUs but part-used ones are; 2^20 + 5 spans several texture rows and work-group rows.
  for (const std::size_t n : {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{5}, std::size_t{1000},
                              std::size_t{4097}, std::size_t{65539}, (std::size_t{1} << 20) + 5}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::uint64_t seed = kernels::fresh_seed();
    const auto a = random_vector(n, seed), b = random_vector(n, seed + 1);
    auto c = poisoned(n);
    const Status s = gl_thread().run([&](GlCompute& gl) {
      if (const std::string why = gl.refusal(kernel); !why.empty()) return Status::error("refused: " + why);
      return gl.vector_add(kernel, a.data(), b.data(), c.data(), n);
    });
    if (!s && s.message().rfind("refused", 0) == 0) GTEST_SKIP() << s.message();
    ASSERT_TRUE(s) << s.message();
    std::size_t wrong = 0, first_wrong = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!(c[i] == a[i] + b[i])) {
        ++wrong;
        if (first_wrong == n) first_wrong = i;
      }
    EXPECT_EQ(wrong, 0u) << "first at " << first_wrong << ": " << c[first_wrong] << " (seed " << seed << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(Shaders, GlVectorAdd, ::testing::Values(GlKernel::VectorAddFragment, GlKernel::VectorAddCompute),
                         [](const auto& info) { return info.param == GlKernel::VectorAddFragment ? "fragment" : "compute"; });

class GlMatmul : public ::testing::TestWithParam<GlKernel> {};

TEST_P(GlMatmul, MatchesFloat64AtOddShapes) {
  WHYGPU_REQUIRE_GL();
  const GlKernel kernel = GetParam();
  struct Shape {
    int m, n, k;
  };
  for (const Shape sh : {Shape{1, 1, 1}, Shape{31, 31, 31}, Shape{3, 517, 2}, Shape{129, 67, 1001}, Shape{640, 36, 100},
                         Shape{257, 257, 257}}) {
    SCOPED_TRACE(std::to_string(sh.m) + "x" + std::to_string(sh.n) + "x" + std::to_string(sh.k));
    const std::uint64_t seed = kernels::fresh_seed();
    const auto a = random_vector(static_cast<std::size_t>(sh.m) * sh.k, seed);
    const auto b = random_vector(static_cast<std::size_t>(sh.k) * sh.n, seed + 1);
    auto c = poisoned(static_cast<std::size_t>(sh.m) * sh.n);
    const Status s = gl_thread().run([&](GlCompute& gl) {
      if (const std::string why = gl.refusal(kernel); !why.empty()) return Status::error("refused: " + why);
      return gl.matmul(kernel, a.data(), b.data(), c.data(), sh.m, sh.n, sh.k);
    });
    if (!s && s.message().rfind("refused", 0) == 0) GTEST_SKIP() << s.message();
    ASSERT_TRUE(s) << s.message();
    const double err = relative_error(c, matmul_reference(a, b, sh.m, sh.n, sh.k));
    std::printf("relative error %-18s %dx%dx%d %.3g\n", std::string(gl_kernel_info(kernel).key).c_str(), sh.m, sh.n,
                sh.k, err);
    EXPECT_LT(err, 1e-5) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Shaders, GlMatmul,
                         ::testing::Values(GlKernel::MatmulFragment, GlKernel::MatmulComputeNaive,
                                           GlKernel::MatmulComputeTiled),
                         [](const auto& info) {
                           std::string key(gl_kernel_info(info.param).key);
                           for (char& ch : key)
                             if (ch == '-') ch = '_';
                           return key;
                         });

// The poison really reaches the GPU's output: read back without running, every element is NaN.
TEST(GlPoison, FillsTheWholeOutputWithNaN) {
  WHYGPU_REQUIRE_GL();
  for (const GlKernel kernel : all_gl_kernels()) {
    SCOPED_TRACE(std::string(gl_kernel_info(kernel).key));
    const bool matmul = gl_kernel_info(kernel).matmul;
    const int m = 19, n = 23, k = 7;
    const std::size_t count = matmul ? static_cast<std::size_t>(m) * n : 4099;
    std::vector<float> c(count, 1.0f);
    const auto a = random_vector(matmul ? static_cast<std::size_t>(m) * k : count, 5);
    const auto b = random_vector(matmul ? static_cast<std::size_t>(k) * n : count, 6);
    const Status s = gl_thread().run([&](GlCompute& gl) -> Status {
      if (!gl.refusal(kernel).empty()) return Status::ok();
      std::unique_ptr<GlProblem> problem;
      Status made = matmul ? gl.matmul_problem(kernel, m, n, k, &problem) : gl.vector_add_problem(kernel, count, &problem);
      if (!made) return made;
      if (Status u = problem->upload(a.data(), b.data()); !u) return u;
      if (Status p = problem->poison_output(); !p) return p;
      return problem->download(c.data());
    });
    ASSERT_TRUE(s) << s.message();
    if (c[0] == 1.0f) continue;  // refused here
    for (std::size_t i = 0; i < count; ++i) ASSERT_TRUE(std::isnan(c[i])) << "element " << i << " = " << c[i];
  }
}

TEST(GlProblems, RefuseWhatTheyCannotHold) {
  WHYGPU_REQUIRE_GL();
  const Status s = gl_thread().run([](GlCompute& gl) -> Status {
    std::unique_ptr<GlProblem> problem;
    const int side = gl.limits().max_texture_size;
    const Status too_wide = gl.matmul_problem(GlKernel::MatmulFragment, 4, side + 1, 4, &problem);
    EXPECT_FALSE(too_wide);
    EXPECT_NE(too_wide.message().find("largest texture"), std::string::npos) << too_wide.message();
    EXPECT_FALSE(gl.vector_add_problem(GlKernel::MatmulFragment, 10, &problem));
    EXPECT_FALSE(gl.vector_add_problem(GlKernel::VectorAddFragment, 0, &problem));
    return Status::ok();
  });
  EXPECT_TRUE(s) << s.message();
}

}  // namespace
}  // namespace whygpu::app
