// The kernel lab on a GPU: user kernels compiled with NVRTC, loaded with
// cudaLibraryLoadData and checked against the CPU on fresh random inputs (in-process);
// kernels that fault or never end, in a child process as the app runs them.
#include <gtest/gtest.h>

#include <cmath>

#include "compute/kernel_lab/child_run.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_cli.h"
#include "tests/gpu_test_support.h"
#include "tests/kernel_lab/app_binary.h"

namespace whygpu::kernel_lab {
namespace {

std::string kernel_with_body(const std::string& body) {
  return "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n"
         "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
         body + "\n}\n";
}

// The compiler deletes what it can prove does nothing or is undefined (a store through a
// literal null pointer, a loop without side effects), so these hide it from the compiler:
// the pointer is 0 only at run time, and the loop re-reads memory (volatile) every turn.
const char* kWritesThroughNull =
    "  float* nowhere = (float*)(unsigned long long)(a[0] != a[0]);\n"
    "  if (i < n) nowhere[i] = a[i];";
const char* kSpinsForever =
    "  volatile const float* watched = a;\n"
    "  while (watched[0] == watched[0]) {}";

LabReport try_source(const std::string& exercise, const std::string& source, int n, int block) {
  return try_kernel({exercise, source, n, block});
}

TEST(GpuKernelLab, CorrectKernelsMatchTheCpuAtOddSizes) {
  WHYGPU_REQUIRE_GPU();
  const std::pair<const char*, const char*> solutions[] = {
      {"add", "  if (i < n) c[i] = a[i] + b[i];"},
      {"relu", "  if (i < n) c[i] = fmaxf(a[i], 0.0f);"},
      {"scale-add", "  if (i < n) c[i] = 2.5f * a[i] + b[i];"},
  };
  for (const auto& [exercise, body] : solutions)
    for (int n : {1, 255, 1000003}) {
      SCOPED_TRACE(std::string(exercise) + " n=" + std::to_string(n));
      const LabReport r = try_source(exercise, kernel_with_body(body), n, 256);
      ASSERT_EQ(r.run, RunState::Ran) << r.message;
      EXPECT_EQ(r.checked, n);
      EXPECT_EQ(r.wrong, 0) << "first wrong c[" << r.first_wrong << "]: " << r.expected << " vs " << r.got;
      EXPECT_EQ(r.overrun, 0);
      EXPECT_GT(r.time.repeats, 0);
      EXPECT_GT(r.gbytes_per_s, 0.0);
    }
}

TEST(GpuKernelLab, TheStartersBugsAreFound) {
  WHYGPU_REQUIRE_GPU();
  // ReLU's starter copies a: every negative input is wrong, about half of them.
  const LabReport relu = try_source("relu", find_exercise("relu")->starter, 100000, 256);
  ASSERT_EQ(relu.run, RunState::Ran) << relu.message;
  EXPECT_GT(relu.wrong, 40000);
  EXPECT_LT(relu.wrong, 60000);
  EXPECT_LT(relu.got, 0.0f);
  EXPECT_EQ(relu.expected, 0.0f);
  // scale-add's starter uses threadIdx.x alone: elements from one block's width on are
  // never written (still NaN).
  const LabReport scale = try_source("scale-add", find_exercise("scale-add")->starter, 100000, 256);
  ASSERT_EQ(scale.run, RunState::Ran) << scale.message;
  EXPECT_EQ(scale.first_wrong, 256);
  EXPECT_EQ(scale.wrong, 100000 - 256);
  EXPECT_TRUE(std::isnan(scale.got));
}

TEST(GpuKernelLab, WritesPastTheEndAreCounted) {
  WHYGPU_REQUIRE_GPU();
  const LabReport r = try_source("add", kernel_with_body("  c[i] = a[i] + b[i];"), 1000, 256);
  ASSERT_EQ(r.run, RunState::Ran) << r.message;
  EXPECT_EQ(r.wrong, 0);
  EXPECT_EQ(r.overrun, 24);  // 4 blocks of 256 threads for 1000 elements
}

TEST(GpuKernelLab, RefusedLaunchesAndMissingKernelsAreExplained) {
  WHYGPU_REQUIRE_GPU();
  const LabReport big = try_source("add", find_exercise("add")->starter, 5000, 2000);
  EXPECT_EQ(big.run, RunState::Refused);
  EXPECT_NE(big.message.find("my_kernel<<<3, 2000>>>"), std::string::npos) << big.message;
  EXPECT_NE(big.message.find("cudaError"), std::string::npos) << big.message;

  const LabReport renamed = try_source("add", "extern \"C\" __global__ void other(float* c) { c[0] = 1; }\n", 10, 32);
  EXPECT_EQ(renamed.run, RunState::NotRun);
  EXPECT_NE(renamed.message.find("no kernel named my_kernel"), std::string::npos) << renamed.message;
}

// A fault leaves the child's CUDA context broken, which is why tries run in a child: this
// process (and its GPU) carry on.
TEST(GpuKernelLab, AFaultEndsOnlyTheChild) {
  WHYGPU_REQUIRE_GPU();
  const LabReport r = run_in_child(testing::app_binary(),
                                   {"add", kernel_with_body(kWritesThroughNull), 1000, 256}, 60, nullptr);
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_NE(r.message.find("cudaErrorIllegalAddress"), std::string::npos) << r.message;
  const LabReport after = try_source("add", find_exercise("add")->starter, 1000, 256);
  EXPECT_EQ(after.run, RunState::Ran) << after.message;
  EXPECT_EQ(after.wrong, 0);
}

TEST(GpuKernelLab, AnEndlessKernelIsStopped) {
  WHYGPU_REQUIRE_GPU();
  const LabReport r = run_in_child(
      testing::app_binary(), {"add", kernel_with_body(kSpinsForever), 1000, 256}, 5,
      nullptr);
  EXPECT_EQ(r.run, RunState::Failed);
  EXPECT_NE(r.message.find("stopped after 5 s"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace whygpu::kernel_lab
