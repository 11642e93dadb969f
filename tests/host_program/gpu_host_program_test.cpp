// The host program run for real, in a child process of the app binary as the panel runs
// it, once per mistake: what each one does is checked, and the runtime's own words are
// printed (the lesson quotes them).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "compute/host_program/host_cli.h"
#include "compute/host_program/program_child.h"
#include "tests/gpu_test_support.h"
#include "tests/kernel_lab/app_binary.h"

namespace whygpu::host_program {
namespace {

std::vector<StepResult> run(Mistake mistake, long long n = 1 << 20) {
  const ProgramOptions options{n, 256, mistake};
  ProgramChild child;
  const Status s = child.start(kernel_lab::testing::app_binary(), options, nullptr);
  EXPECT_TRUE(s) << s.message();
  std::vector<StepResult> results;
  if (s) {
    const Status st = child.run_rest(&results, 120, nullptr);
    EXPECT_TRUE(st) << st.message();
  }
  std::printf("## %s\n%s", mistake_info(mistake).key.c_str(), format_program(options, results).c_str());
  return results;
}

const StepResult& at(const std::vector<StepResult>& results, Mistake mistake, Call call) {
  const std::vector<Step> steps = program_steps({1 << 20, 256, mistake});
  const auto i = std::find_if(steps.begin(), steps.end(), [&](const Step& s) { return s.call == call; }) - steps.begin();
  return results.at(static_cast<std::size_t>(i));
}

TEST(GpuHostProgram, TheCorrectProgramIsRightAndTimesTheKernel) {
  WHYGPU_REQUIRE_GPU();
  const auto r = run(Mistake::None);
  ASSERT_EQ(r.size(), 17u);
  for (const StepResult& s : r) {
    EXPECT_EQ(s.state, StepState::Ran) << s.index;
    EXPECT_FALSE(s.failed()) << s.index << ": " << s.error_text;
  }
  EXPECT_TRUE(at(r, Mistake::None, Call::Check).correct);
  EXPECT_GT(r.back().kernel_ms, 0.0);
  // With the synchronise inside it, the stopwatch holds at least the kernel.
  EXPECT_GE(at(r, Mistake::None, Call::TimerStop).printed_ms, r.back().kernel_ms * 0.9);
}

TEST(GpuHostProgram, StepsOneLineAtATimeThenTheRest) {
  WHYGPU_REQUIRE_GPU();
  ProgramChild child;
  ASSERT_TRUE(child.start(kernel_lab::testing::app_binary(), {1 << 20, 256, Mistake::None}, nullptr));
  StepResult first, second;
  ASSERT_TRUE(child.step(&first, 120, nullptr));
  ASSERT_TRUE(child.step(&second, 120, nullptr));
  EXPECT_EQ(first.index, 0);
  EXPECT_EQ(second.index, 1);
  EXPECT_EQ(second.state, StepState::Ran);
  std::vector<StepResult> rest;
  ASSERT_TRUE(child.run_rest(&rest, 120, nullptr));
  ASSERT_EQ(rest.size(), 15u);  // 17 lines: the warm-up launch is one of them
  EXPECT_EQ(rest.front().index, 2);
  EXPECT_TRUE(rest.back().correct);
  EXPECT_TRUE(child.finished());
}

TEST(GpuHostProgram, WithoutSynchronisingTheCopyBackWaits) {
  WHYGPU_REQUIRE_GPU();
  const auto r = run(Mistake::NoSync);
  EXPECT_EQ(at(r, Mistake::NoSync, Call::Synchronize).state, StepState::Missing);
  EXPECT_TRUE(at(r, Mistake::NoSync, Call::Check).correct);
  EXPECT_GT(at(r, Mistake::NoSync, Call::TimerStop).printed_ms, 0.0);
}

TEST(GpuHostProgram, WithoutTheCopyBackCIsStillZeros) {
  WHYGPU_REQUIRE_GPU();
  const auto r = run(Mistake::NoCopyBack);
  const StepResult& check = at(r, Mistake::NoCopyBack, Call::Check);
  EXPECT_FALSE(check.correct);
  EXPECT_EQ(check.wrong, 1 << 20);
  EXPECT_NE(check.output.find("] = 0,"), std::string::npos) << check.output;
}

TEST(GpuHostProgram, ABadConfigurationIsCaughtByTheCheckOrSilentlyWrong) {
  WHYGPU_REQUIRE_GPU();
  const auto checked = run(Mistake::BadConfig);
  const StepResult& error = at(checked, Mistake::BadConfig, Call::LastError);
  EXPECT_TRUE(error.failed());
  EXPECT_TRUE(error.stopped);
  EXPECT_EQ(at(checked, Mistake::BadConfig, Call::Check).state, StepState::NotRun);
  std::printf("the runtime's words for <<<1, n>>>: %s (%s)\n", error.error_text.c_str(), error.error_name.c_str());

  const auto unchecked = run(Mistake::BadConfigUnchecked);
  const StepResult& check = at(unchecked, Mistake::BadConfigUnchecked, Call::Check);
  EXPECT_EQ(check.state, StepState::Ran);
  EXPECT_FALSE(check.correct);
  EXPECT_EQ(check.wrong, 1 << 20);
}

TEST(GpuHostProgram, AHostPointerGivesWhatTheRuntimeGives) {
  WHYGPU_REQUIRE_GPU();
  // Whatever happens (a fault, or a GPU that reads host memory itself), the child reports
  // every line and the result says which; the runtime's words are printed for the lesson.
  const auto r = run(Mistake::HostPointer);
  ASSERT_EQ(r.size(), 17u);
  const StepResult& sync = at(r, Mistake::HostPointer, Call::Synchronize);
  std::printf("host pointer: cudaGetLastError %s; cudaDeviceSynchronize %s (%s)\n",
              at(r, Mistake::HostPointer, Call::LastError).error_name.c_str(), sync.error_name.c_str(),
              sync.error_text.c_str());
  const bool stopped = std::any_of(r.begin(), r.end(), [](const StepResult& s) { return s.stopped; });
  if (stopped) EXPECT_EQ(at(r, Mistake::HostPointer, Call::Check).state, StepState::NotRun);
  else EXPECT_TRUE(at(r, Mistake::HostPointer, Call::Check).correct);
}

}  // namespace
}  // namespace whygpu::host_program
