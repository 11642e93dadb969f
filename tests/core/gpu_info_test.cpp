#include "compute/core/gpu_info.h"

#include <gtest/gtest.h>

#include "tests/gpu_test_support.h"

namespace whygpu {

TEST(GpuInfo, UnavailableAlwaysSaysWhy) {
  const GpuInfo& info = gpu_info();
  if (!info.available) EXPECT_FALSE(info.unavailable_reason.empty());
  else EXPECT_TRUE(info.unavailable_reason.empty());
}

TEST(GpuInfo, VersionStrings) {
  EXPECT_EQ(cuda_version_string(13000), "13.0");
  EXPECT_EQ(cuda_version_string(12080), "12.8");
  EXPECT_EQ(cuda_version_string(0), "none");
}

TEST(GpuInfo, DevicePropertiesAreSane) {
  WHYGPU_REQUIRE_GPU();
  const GpuInfo& info = gpu_info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.compute_major, 7);
  EXPECT_GT(info.sm_count, 0);
  EXPECT_EQ(info.warp_size, 32);
  EXPECT_EQ(info.max_threads_per_block, 1024);
  EXPECT_GT(info.total_memory_bytes, std::size_t{1} << 30);
  EXPECT_GT(info.peak_memory_bandwidth_gbs(), 100.0);
  EXPECT_GE(info.driver_version, info.runtime_version);
}

}  // namespace whygpu
