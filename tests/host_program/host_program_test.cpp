#include <gtest/gtest.h>

#include <algorithm>

#include "compute/core/gpu_info.h"
#include "compute/host_program/host_cli.h"
#include "compute/host_program/host_recording.h"
#include "compute/host_program/program_child.h"
#include "tests/kernel_lab/app_binary.h"

namespace whygpu::host_program {
namespace {

const Step& line_of(const std::vector<Step>& steps, Call call) {
  return *std::find_if(steps.begin(), steps.end(), [&](const Step& s) { return s.call == call; });
}

TEST(HostProgram, TheCorrectProgramChecksEveryCall) {
  const std::vector<Step> steps = program_steps({});
  ASSERT_EQ(steps.size(), 17u);
  EXPECT_EQ(steps.front().call, Call::SetDevice);
  EXPECT_EQ(steps.back().call, Call::Check);
  for (const Step& s : steps) {
    EXPECT_FALSE(s.missing) << s.code;
    EXPECT_EQ(s.checked, s.code.rfind("CHECK(", 0) == 0) << s.code;
  }
  EXPECT_EQ(line_of(steps, Call::Launch).code, "add<<<65536, 256>>>(d_a, d_b, d_c, n);");
  EXPECT_TRUE(line_of(steps, Call::Synchronize).checked);
}

// The lesson asks how long the kernel takes and what a stopwatch without a sync prints: the
// steady state. A process's first launch also loads the kernel onto the GPU (hundreds of
// microseconds on the H100), so a warm-up launch comes first, on a line of its own, and
// the timed launch after it measures the kernel alone.
TEST(HostProgram, AWarmUpLaunchComesBeforeTheStopwatch) {
  for (const MistakeInfo& m : mistakes()) {
    const std::vector<Step> steps = program_steps({kDefaultElements, 256, m.mistake});
    int launches_before_stopwatch = 0;
    for (const Step& s : steps) {
      if (s.call == Call::TimerStart) break;
      if (s.code.find("<<<") != std::string::npos) ++launches_before_stopwatch;
    }
    EXPECT_EQ(launches_before_stopwatch, 1) << m.key;
  }
}

// A recording of format 1 was made without the warm-up line: its launch is the first one,
// and its lines would sit one off against the program shown.
TEST(HostRecording, RefusesARecordingMadeBeforeTheWarmUpLine) {
  HostRecording rec;
  rec.run.gpu_available = true;
  std::string text = bench::recording_text(kHostRecording, rec);
  const std::string current = "\"format_version\": " + std::to_string(kHostRecording.version);
  ASSERT_NE(text.find(current), std::string::npos) << text;
  text.replace(text.find(current), current.size(), "\"format_version\": 1");
  HostRecording back;
  const Status s = bench::parse_recording(text, kHostRecording, &back);
  EXPECT_FALSE(s);
  EXPECT_NE(s.message().find("record it again"), std::string::npos) << s.message();
}

TEST(HostProgram, EachMistakeChangesItsLine) {
  EXPECT_TRUE(line_of(program_steps({kDefaultElements, 256, Mistake::NoSync}), Call::Synchronize).missing);
  EXPECT_TRUE(line_of(program_steps({kDefaultElements, 256, Mistake::NoCopyBack}), Call::CopyBack).missing);
  EXPECT_EQ(line_of(program_steps({kDefaultElements, 256, Mistake::BadConfig}), Call::Launch).code,
            "add<<<1, n>>>(d_a, d_b, d_c, n);");
  const std::vector<Step> unchecked = program_steps({kDefaultElements, 256, Mistake::BadConfigUnchecked});
  EXPECT_TRUE(line_of(unchecked, Call::LastError).missing);
  for (const Step& s : unchecked) EXPECT_FALSE(s.checked) << s.code;
  EXPECT_EQ(line_of(unchecked, Call::MallocA).code, "cudaMalloc(&d_a, bytes);");
  EXPECT_NE(line_of(program_steps({100000, 128, Mistake::HostPointer}), Call::Launch).code.find("<<<782, 128>>>(a.data()"),
            std::string::npos);
}

TEST(HostProgram, MistakesByKeyAndOptionsChecked) {
  Mistake m = Mistake::None;
  for (const MistakeInfo& info : mistakes()) {
    ASSERT_TRUE(find_mistake(info.key, &m));
    EXPECT_EQ(m, info.mistake);
  }
  EXPECT_FALSE(find_mistake("no-such", &m));
  EXPECT_FALSE(check_options({1000, 256, Mistake::None}));  // <<<1, n>>> must always be too big
  EXPECT_FALSE(check_options({kDefaultElements, 0, Mistake::None}));
  EXPECT_TRUE(check_options({kMaxElements, 1024, Mistake::None}));
}

TEST(StepResult, RoundTripsAsOneLine) {
  StepResult r;
  r.index = 8;
  r.state = StepState::Ran;
  r.ms = 0.0125;
  r.has_error_code = true;
  r.error_code = 1;
  r.error_name = "cudaErrorInvalidValue";
  r.error_text = "invalid argument";
  r.output = "CHECK prints \"invalid argument\"\nand exits";
  r.stopped = true;
  r.kernel_ms = 0.25;
  const std::string line = result_to_line(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  StepResult back;
  ASSERT_TRUE(result_from_line(line, &back));
  EXPECT_EQ(back.index, 8);
  EXPECT_EQ(back.state, StepState::Ran);
  EXPECT_TRUE(back.failed());
  EXPECT_EQ(back.error_text, "invalid argument");
  EXPECT_EQ(back.output, r.output);
  EXPECT_TRUE(back.stopped);
  EXPECT_DOUBLE_EQ(back.kernel_ms, 0.25);
  EXPECT_FALSE(result_from_line("{\"index\": 1, \"state\": \"sleeping\"}", &back));
  EXPECT_FALSE(result_from_line("not json", &back));
}

TEST(HostRecording, RoundTripsAndRejectsStrangePrograms) {
  HostRecording rec;
  rec.run.gpu_available = true;
  rec.run.gpu_name = "NVIDIA H100 80GB HBM3";
  RecordedProgram p;
  p.mistake = Mistake::NoSync;
  for (int i = 0; i < 3; ++i) {
    StepResult s;
    s.index = i;
    s.state = StepState::Ran;
    s.ms = 0.5 * i;
    p.steps.push_back(s);
  }
  rec.programs.push_back(p);
  HostRecording back;
  ASSERT_TRUE(bench::parse_recording(bench::recording_text(kHostRecording, rec), kHostRecording, &back));
  ASSERT_NE(back.find(Mistake::NoSync), nullptr);
  EXPECT_EQ(back.find(Mistake::NoSync)->steps.size(), 3u);
  EXPECT_EQ(back.find(Mistake::HostPointer), nullptr);
  std::string text = bench::recording_text(kHostRecording, rec);
  text.replace(text.find("no-sync"), 7, "no-such");
  EXPECT_EQ(bench::parse_recording(text, kHostRecording, &back).message(),
            "field 'programs[0].mistake': not a mistake this whygpu knows");
}

TEST(HostProgram, FormatShowsEachLineWithItsTimeAndAnswer) {
  StepResult r;
  r.index = 9;  // cudaGetLastError
  r.state = StepState::Ran;
  r.ms = 0.004;
  r.has_error_code = true;
  r.error_code = 1;
  r.error_name = "cudaErrorInvalidValue";
  r.error_text = "invalid argument";
  const std::string text = format_program({kDefaultElements, 256, Mistake::BadConfig}, {r});
  EXPECT_NE(text.find("CHECK(cudaGetLastError());"), std::string::npos) << text;
  EXPECT_NE(text.find("0.0040 ms  cudaErrorInvalidValue \"invalid argument\""), std::string::npos) << text;
}

TEST(ProgramChild, WithoutAGpuTheChildSaysWhy) {
  if (gpu_info().available) GTEST_SKIP() << "this machine has a GPU: the GPU tests run the program";
  ProgramChild child;
  const Status s = child.start(kernel_lab::testing::app_binary(), {}, nullptr);
  if (!built_with_cuda()) {
    EXPECT_NE(s.message().find("no CUDA support"), std::string::npos) << s.message();
    return;
  }
  // A CUDA build starts; its first line (cudaSetDevice) fails and CHECK stops the program.
  ASSERT_TRUE(s) << s.message();
  StepResult first;
  ASSERT_TRUE(child.step(&first, 60, nullptr));
  EXPECT_EQ(first.state, StepState::Ran);
  EXPECT_TRUE(first.failed());
  EXPECT_TRUE(first.stopped);
  std::vector<StepResult> rest;
  ASSERT_TRUE(child.run_rest(&rest, 60, nullptr));
  ASSERT_EQ(rest.size(), 16u);
  for (const StepResult& r : rest) EXPECT_EQ(r.state, StepState::NotRun) << r.index;
  EXPECT_TRUE(child.finished());
}

}  // namespace
}  // namespace whygpu::host_program
