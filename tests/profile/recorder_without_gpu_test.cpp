// What recording does where it cannot record, and the command line around it.
#include <gtest/gtest.h>

#include "compute/core/gpu_info.h"
#include "compute/profile/cupti_recorder.h"
#include "compute/profile/timeline_cli.h"
#include "compute/profile/timeline_json.h"
#include "compute/profile/work.h"
#include "tests/cnn/temp_dir.h"
#include "tests/profile/synthetic_timeline.h"

namespace whygpu::profile {
namespace {

TEST(RecorderWithoutGpu, RefusesWithTheReasonAndDoesNotRunTheWork) {
  if (gpu_info().available) GTEST_SKIP() << "this machine has a GPU: gpu_profile_tests record for real";
  bool ran = false;
  Timeline t;
  const Status s = record_timeline([&] { ran = true; return Status::ok(); }, {"w", "d", "c"}, &t);
  ASSERT_FALSE(s);
  EXPECT_FALSE(ran);
  EXPECT_EQ(s.message(), timeline_recording_available().message());
  EXPECT_FALSE(s.message().empty());
  // The reason a student can act on: no GPU (or no CUDA in this build), not a crash.
  EXPECT_TRUE(s.message().find("no CUDA device") != std::string::npos ||
              s.message().find("no CUDA support") != std::string::npos)
      << s.message();
}

TEST(RecorderWithoutGpu, EveryListedWorkCanBeAskedForAndUnknownOnesAreNamed) {
  std::unique_ptr<ProfiledWork> work;
  const Status s = make_profiled_work("cnn-steps", {}, &work);
  ASSERT_FALSE(s);
  for (const WorkInfo& w : profiled_works()) EXPECT_NE(s.message().find(w.key), std::string::npos) << s.message();
  for (const char* key : {"cnn-step", "cnn-step-graph", "lstm-step", "vector-add", "matmul"}) {
    bool listed = false;
    for (const WorkInfo& w : profiled_works()) listed |= w.key == key;
    EXPECT_TRUE(listed) << key;
  }
}

TEST(TimelineCommand, BadArgumentsExitWith2) {
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run_timeline_command({}), 2);
  EXPECT_EQ(run_timeline_command({"--work"}), 2);
  EXPECT_EQ(run_timeline_command({"--work", "teleport"}), 2);
  EXPECT_EQ(run_timeline_command({"--work", "matmul", "--n", "zero"}), 2);
  EXPECT_EQ(run_timeline_command({"--work", "matmul", "--load", "x.json"}), 2);
  EXPECT_EQ(run_timeline_command({"--frobnicate"}), 2);
  EXPECT_EQ(run_timeline_command({"--work", "cnn-step", "--warmup", "-1"}), 2);
  EXPECT_EQ(run_timeline_command({"--help"}), 0);
  const std::string help = ::testing::internal::GetCapturedStdout();
  const std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(errors.find("unknown work \"teleport\""), std::string::npos) << errors;
  EXPECT_NE(errors.find("--work needs a value"), std::string::npos) << errors;
  EXPECT_NE(help.find("cnn-step-graph"), std::string::npos) << help;
}

TEST(TimelineCommand, ZeroWarmUpRunsAreAllowed) {
  if (gpu_info().available) GTEST_SKIP() << "this would record for real";
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(run_timeline_command({"--work", "matmul", "--warmup", "0", "--n", "2^10"}), 1);  // parsed; no GPU
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("cannot record"), std::string::npos) << err;
}

TEST(TimelineCommand, PrintsASavedRecording) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  Timeline t = testing::two_lane_timeline();
  testing::add(&t, ItemKind::Kernel, 1, "k", 0, 100);
  ASSERT_TRUE(save_timeline(t, dir.file("t.json")));
  ::testing::internal::CaptureStdout();
  const int code = run_timeline_command({"--load", dir.file("t.json")});
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("Recorded on a computer without a GPU"), std::string::npos) << out;
  EXPECT_NE(out.find("GPU idle 0%"), std::string::npos) << out;
  EXPECT_EQ(run_timeline_command({"--load", dir.file("missing.json")}), 1);
}

}  // namespace
}  // namespace whygpu::profile
