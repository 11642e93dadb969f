#include "compute/vitals/vitals_cli.h"
#include "compute/vitals/vitals_record_cli.h"

#include <gtest/gtest.h>

#include "compute/vitals/nvml.h"

namespace whygpu::vitals {
namespace {

TEST(VitalsCommand, ZeroSecondsAndGpuZeroAreValidAndBadArgumentsExitWith2) {
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run_vitals_command({"--seconds"}), 2);
  EXPECT_EQ(run_vitals_command({"--seconds", "-1"}), 2);
  EXPECT_EQ(run_vitals_command({"--interval-ms", "5"}), 2);
  EXPECT_EQ(run_vitals_command({"--watts"}), 2);
  EXPECT_EQ(run_vitals_command({"--help"}), 0);
  // One sample of GPU 0: 0 with NVML, 1 (no NVML, said so) without, never 2.
  Nvml nvml;
  const int expected = Nvml::open(&nvml) ? 0 : 1;
  EXPECT_EQ(run_vitals_command({"--seconds", "0", "--gpu", "0", "--csv"}), expected);
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("unknown option --watts"), std::string::npos) << err;
  if (expected == 1) {
    EXPECT_NE(err.find("libnvidia-ml.so.1"), std::string::npos) << err;
  } else {
    EXPECT_NE(out.find("power.draw [W]"), std::string::npos) << out;
  }
}

TEST(VitalsRecordCommand, NeedsAFileAndSaysWhatIsMissing) {
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run_vitals_record_command({}), 2);
  EXPECT_EQ(run_vitals_record_command({"--json"}), 2);
  EXPECT_EQ(run_vitals_record_command({"--json", "x.json", "--cnn-seconds", "0"}), 2);
  EXPECT_EQ(run_vitals_record_command({"--help"}), 0);
  // A folder without MNIST is refused before anything runs, GPU or not.
  EXPECT_EQ(run_vitals_record_command({"--json", "/nonexistent/x.json", "--mnist", "/nonexistent/mnist"}), 1);
  const std::string err = ::testing::internal::GetCapturedStderr();
  ::testing::internal::GetCapturedStdout();
  EXPECT_NE(err.find("--json FILE is required"), std::string::npos) << err;
  EXPECT_NE(err.find("/nonexistent/mnist"), std::string::npos) << err;
}

}  // namespace
}  // namespace whygpu::vitals
