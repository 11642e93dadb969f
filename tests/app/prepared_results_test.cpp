// Results prepared before class: found again for the same sweep on the same hardware,
// never for another sweep or other hardware, and a damaged file is ignored.
#include "app/kernels/prepared_results.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace whygpu::app {
namespace {

class PreparedResults : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() / ("whygpu-prepared-" + std::to_string(::getpid()));
    ::setenv("XDG_CACHE_HOME", folder_.c_str(), 1);
    run_.date_utc = "2026-11-24T08:14:05Z";
    run_.cpu_model = "Test CPU";
    run_.cpu_threads = 4;
    run_.gpu_available = true;
    run_.gpu_name = "Test GPU";
    run_.nvidia_driver = "580.1";
    kernels::Measurement row;
    row.benchmark = "vector-add";
    row.variant = "cpu";
    row.size = 1024;
    rows_ = {row};
  }
  void TearDown() override {
    ::unsetenv("XDG_CACHE_HOME");
    std::filesystem::remove_all(folder_);
  }
  std::filesystem::path folder_;
  bench::RunInfo run_;
  std::vector<kernels::Measurement> rows_;
};

TEST_F(PreparedResults, TheSameSweepOnTheSameMachineComesBackLabelled) {
  ASSERT_TRUE(save_prepared("vector-add-sweep 2^10..2^20", run_, rows_));
  PreparedResult got;
  bench::RunInfo later = run_;
  later.date_utc = "2026-11-24T09:00:00Z";  // class time: only the hardware must match
  ASSERT_TRUE(load_prepared("vector-add-sweep 2^10..2^20", later, &got));
  ASSERT_EQ(got.rows.size(), 1u);
  EXPECT_EQ(got.rows[0].size, 1024);
  EXPECT_EQ(got.label(), "measured at 08:14 UTC on 2026-11-24 on this computer (prepared before class)");
}

TEST_F(PreparedResults, AnotherSweepOrOtherHardwareGetsNothing) {
  ASSERT_TRUE(save_prepared("vector-add-sweep 2^10..2^20", run_, rows_));
  PreparedResult got;
  EXPECT_FALSE(load_prepared("vector-add-sweep 2^10..2^24", run_, &got));
  bench::RunInfo other = run_;
  other.nvidia_driver = "590.2";  // a driver update: measure again
  EXPECT_FALSE(load_prepared("vector-add-sweep 2^10..2^20", other, &got));
  other = run_;
  other.gpu_name = "Another GPU";
  EXPECT_FALSE(load_prepared("vector-add-sweep 2^10..2^20", other, &got));
}

TEST_F(PreparedResults, ADamagedFileIsIgnored) {
  ASSERT_TRUE(save_prepared("s", run_, rows_));
  for (const auto& entry : std::filesystem::directory_iterator(prepared_folder()))
    std::ofstream(entry.path()) << "{\"sweep\": \"s\", \"results\": [";
  PreparedResult got;
  EXPECT_FALSE(load_prepared("s", run_, &got));
}

}  // namespace
}  // namespace whygpu::app
