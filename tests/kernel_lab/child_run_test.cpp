// The app's way of trying a kernel: a child process of the whygpu binary.
#include <gtest/gtest.h>

#include "compute/core/gpu_info.h"
#include "compute/kernel_lab/child_run.h"
#include "compute/kernel_lab/exercise.h"
#include "tests/kernel_lab/app_binary.h"

namespace whygpu::kernel_lab {
namespace {

LabRequest starter_request(const std::string& exercise) {
  LabRequest r;
  r.exercise = exercise;
  r.source = find_exercise(exercise)->starter;
  r.n = 1000;
  r.block = 128;
  return r;
}

#ifdef WHYGPU_HAVE_CUDA
TEST(ChildRun, ReportsCompileErrorsFromTheChild) {
  LabRequest r = starter_request("add");
  r.source = "extern \"C\" __global__ void my_kernel(const float* a, const float* b, float* c, int n) {\n  oops;\n}\n";
  const LabReport report = run_in_child(testing::app_binary(), r, 60, nullptr);
  EXPECT_FALSE(report.compiled) << report.message.english();
  EXPECT_EQ(report.run, RunState::NotRun);
  ASSERT_FALSE(report.diagnostics.empty()) << report.compile_log;
  EXPECT_EQ(report.diagnostics[0].line, 2);
}

TEST(ChildRun, RunsOnTheGpuWhereThereIsOneAndInTheSimulatorWhereThereIsNone) {
  const LabReport report = run_in_child(testing::app_binary(), starter_request("add"), 60, nullptr);
  EXPECT_TRUE(report.compiled) << report.compile_log;
  EXPECT_EQ(report.run, RunState::Ran) << report.message.english();
  EXPECT_EQ(report.checked, 1000);
  EXPECT_EQ(report.wrong, 0);
  EXPECT_EQ(report.simulated, !gpu_info().available);
}

TEST(ChildRun, AskedForTheGpuWithoutOneSaysSo) {
  if (gpu_info().available) GTEST_SKIP() << "this machine has a GPU";
  LabRequest r = starter_request("add");
  r.engine = Engine::Gpu;
  const LabReport report = run_in_child(testing::app_binary(), r, 60, nullptr);
  EXPECT_EQ(report.run, RunState::NotRun);
  EXPECT_NE(report.message.english().find("no kernel can run here"), std::string::npos) << report.message.english();
}
#endif

TEST(ChildRun, AChildWithoutAReportIsAFailureInWords) {
  const LabReport silent = run_in_child("/bin/false", starter_request("add"), 10, nullptr);
  EXPECT_EQ(silent.run, RunState::Failed);
  EXPECT_NE(silent.message.english().find("gave no report (exit status 1)"), std::string::npos) << silent.message.english();

  const LabReport missing = run_in_child("/nonexistent/whygpu", starter_request("add"), 10, nullptr);
  EXPECT_EQ(missing.run, RunState::Failed);
  EXPECT_NE(missing.message.english().find("could not start"), std::string::npos) << missing.message.english();
}

TEST(ChildRun, CancelStopsTheChild) {
  const std::atomic<bool> cancel{true};
  const LabReport report = run_in_child(testing::app_binary(), starter_request("add"), 60, &cancel);
  EXPECT_EQ(report.run, RunState::Failed);
  EXPECT_EQ(report.message.english(), "cancelled");
}

}  // namespace
}  // namespace whygpu::kernel_lab
