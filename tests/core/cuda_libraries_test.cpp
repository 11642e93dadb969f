// cuBLAS and NVRTC opened at run time (cublas_library.h, nvrtc_library.h). Needs the CUDA
// toolkit's libraries, not a GPU: looking functions up and asking for status names and
// the NVRTC version touch no device.
#include <gtest/gtest.h>

#include "compute/core/cublas_library.h"
#include "compute/core/nvrtc_library.h"

namespace whygpu {
namespace {

TEST(CublasLibrary, LoadsOnceAndNamesAFailedCall) {
  const CublasLibrary* first = nullptr;
  const CublasLibrary* second = nullptr;
  ASSERT_TRUE(load_cublas(&first));
  ASSERT_TRUE(load_cublas(&second));
  EXPECT_EQ(first, second);
  EXPECT_NE(first->library.path().find("libcublas.so.13"), std::string::npos) << first->library.path();
  EXPECT_TRUE(cublas_status(CUBLAS_STATUS_SUCCESS, "cublasSgemm"));
  const Status failed = cublas_status(CUBLAS_STATUS_INVALID_VALUE, "cublasSgemm");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.message().rfind("cublasSgemm: ", 0), 0u) << failed.message();
  EXPECT_NE(failed.message().find("(CUBLAS_STATUS_INVALID_VALUE)"), std::string::npos) << failed.message();
}

TEST(CublasLibrary, AMissingLibrarySaysCuBlasIsNotInstalled) {
  CublasLibrary missing;
  const Status s = open_cublas({"libwhygpu-no-cublas.so.13"}, &missing);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "cuBLAS is not installed (libwhygpu-no-cublas.so.13 not found)");
  EXPECT_FALSE(missing.library.is_open());
  EXPECT_EQ(missing.sgemm, nullptr);
}

TEST(NvrtcLibrary, LoadsWithItsBuiltinsAndNamesAFailedCall) {
  const NvrtcLibrary* nvrtc = nullptr;
  ASSERT_TRUE(load_nvrtc(&nvrtc));
  int major = 0, minor = -1;
  ASSERT_EQ(nvrtc->version(&major, &minor), NVRTC_SUCCESS);
  EXPECT_EQ(major, 13);
  EXPECT_TRUE(nvrtc->builtins.is_open());
  EXPECT_NE(nvrtc->builtins.path().find("libnvrtc-builtins.so.13." + std::to_string(minor)), std::string::npos)
      << nvrtc->builtins.path();
  const Status failed = nvrtc_status(NVRTC_ERROR_INVALID_INPUT, "NVRTC log");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.message(), "NVRTC log: NVRTC_ERROR_INVALID_INPUT");
}

TEST(NvrtcLibrary, AMissingLibrarySaysNvrtcIsNotInstalled) {
  NvrtcLibrary missing;
  const Status s = open_nvrtc({"libwhygpu-no-nvrtc.so.13"}, &missing);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "NVRTC is not installed (libwhygpu-no-nvrtc.so.13 not found)");
}

}  // namespace
}  // namespace whygpu
