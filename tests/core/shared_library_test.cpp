#include "compute/core/shared_library.h"

#include <gtest/gtest.h>

namespace whygpu {
namespace {

TEST(SharedLibrary, OpensALibraryAndCallsAFunctionFromIt) {
  SharedLibrary libm;
  ASSERT_TRUE(SharedLibrary::open({"libm-that-does-not-exist.so", "libm.so.6"}, &libm));
  EXPECT_EQ(libm.path(), "libm.so.6");
  double (*cosine)(double) = nullptr;
  ASSERT_TRUE(libm.symbol("cos", &cosine));
  EXPECT_DOUBLE_EQ(cosine(0.0), 1.0);
}

TEST(SharedLibrary, AMissingLibraryNamesEveryFileTried) {
  SharedLibrary none;
  const Status s = SharedLibrary::open({"libwhygpu-missing.so.1"}, &none);
  ASSERT_FALSE(s);
  EXPECT_FALSE(none.is_open());
  EXPECT_NE(s.message().find("libwhygpu-missing.so.1"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("/usr/local/cuda/lib64/libwhygpu-missing.so.1"), std::string::npos) << s.message();
}

TEST(SharedLibrary, AMissingSymbolNamesItAndTheLibrary) {
  SharedLibrary libm;
  ASSERT_TRUE(SharedLibrary::open({"libm.so.6"}, &libm));
  void (*missing)() = nullptr;
  const Status s = libm.symbol("whygpu_no_such_function", &missing);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "whygpu_no_such_function is missing from libm.so.6");
  EXPECT_EQ(missing, nullptr);
}

}  // namespace
}  // namespace whygpu
