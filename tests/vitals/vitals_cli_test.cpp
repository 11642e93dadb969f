#include "compute/vitals/vitals_cli.h"

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

}  // namespace
}  // namespace whygpu::vitals
