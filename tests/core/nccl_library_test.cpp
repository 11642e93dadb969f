// NCCL opened at run time (nccl_library.h). Needs the CUDA toolkit's libnccl.so.2, not a
// GPU: looking functions up, the version and the error strings touch no device.
#include "compute/core/nccl_library.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace whygpu {
namespace {

TEST(NcclLibrary, LoadsOnceAndTellsItsVersion) {
  const NcclLibrary* first = nullptr;
  const NcclLibrary* second = nullptr;
  const Status s = load_nccl(&first);
  ASSERT_TRUE(s) << s.message();
  ASSERT_TRUE(load_nccl(&second));
  EXPECT_EQ(first, second);
  EXPECT_NE(first->library.path().find("libnccl.so.2"), std::string::npos) << first->library.path();
  int version = 0;
  ASSERT_TRUE(nccl_status(first->get_version(&version), "ncclGetVersion"));
  EXPECT_EQ(version / 10000, NCCL_MAJOR) << version;
  EXPECT_EQ(nccl_version_string(version).rfind(std::to_string(NCCL_MAJOR) + ".", 0), 0u) << version;
}

TEST(NcclLibrary, VersionStringsSplitTheNumber) {
  EXPECT_EQ(nccl_version_string(22803), "2.28.3");
  EXPECT_EQ(nccl_version_string(21903), "2.19.3");
}

TEST(NcclLibrary, AMissingLibrarySaysNcclIsNotInstalled) {
  NcclLibrary missing;
  const Status s = open_nccl({"libwhygpu-no-nccl.so.2"}, &missing);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "NCCL is not installed (libwhygpu-no-nccl.so.2 not found)");
  EXPECT_FALSE(missing.library.is_open());
  EXPECT_EQ(missing.all_reduce, nullptr);
}

TEST(NcclLibrary, AFailedCallNamesItselfAndTheResult) {
  EXPECT_TRUE(nccl_status(ncclSuccess, "ncclAllReduce"));
  const Status failed = nccl_status(ncclInvalidArgument, "ncclAllReduce");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.message().rfind("ncclAllReduce: ", 0), 0u) << failed.message();
  EXPECT_NE(failed.message().find("(ncclInvalidArgument)"), std::string::npos) << failed.message();
}

TEST(NcclLibrary, MulticastStaysOffUnlessTheEnvironmentSaysOtherwise) {
  const char* before = std::getenv("NCCL_NVLS_ENABLE");
  const std::string saved = before ? before : "";
  unsetenv("NCCL_NVLS_ENABLE");
  keep_nvlink_multicast_off();
  ASSERT_NE(std::getenv("NCCL_NVLS_ENABLE"), nullptr);
  EXPECT_STREQ(std::getenv("NCCL_NVLS_ENABLE"), "0");
  setenv("NCCL_NVLS_ENABLE", "2", 1);  // someone's own choice is kept
  keep_nvlink_multicast_off();
  EXPECT_STREQ(std::getenv("NCCL_NVLS_ENABLE"), "2");
  if (before) setenv("NCCL_NVLS_ENABLE", saved.c_str(), 1);
  else unsetenv("NCCL_NVLS_ENABLE");
}

}  // namespace
}  // namespace whygpu
