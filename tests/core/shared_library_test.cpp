#include "compute/core/shared_library.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "tests/cnn/temp_dir.h"

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

struct CountedTable {
  int opened_as = 0;
};
int open_calls = 0;
Status open_counted(CountedTable* table) {
  table->opened_as = ++open_calls;
  return Status::ok();
}

TEST(SharedLibrary, OpenOnceOpensATableOnlyOnce) {
  const CountedTable* first = nullptr;
  const CountedTable* second = nullptr;
  ASSERT_TRUE(open_once<CountedTable>(open_counted, &first));
  ASSERT_TRUE(open_once<CountedTable>(open_counted, &second));
  EXPECT_EQ(first, second);
  EXPECT_EQ(open_calls, 1);
  EXPECT_EQ(first->opened_as, 1);
}

struct MissingTable {};
Status open_missing(MissingTable*) { return Status::error("libwhygpu-missing.so.1 not found"); }

TEST(SharedLibrary, OpenOnceKeepsTheFirstError) {
  static const MissingTable not_null;
  const MissingTable* table = &not_null;
  for (int i = 0; i < 2; ++i) {
    const Status s = open_once<MissingTable>(open_missing, &table);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.message(), "libwhygpu-missing.so.1 not found");
    EXPECT_EQ(table, nullptr);
  }
}

TEST(SharedLibrary, LooksInExtraFoldersAfterTheLoaderAndTheToolkit) {
  // A copy of libm under a name only the extra folder has, as CUPTI sits in the toolkit's
  // extras/CUPTI/lib64 where neither the loader nor the toolkit's lib64 would find it.
  Dl_info where{};
  // dladdr takes a code address as void*: conditionally supported in C++, POSIX's own way.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconditionally-supported"
  void* const code = reinterpret_cast<void*>(static_cast<double (*)(double)>(&std::cos));
#pragma GCC diagnostic pop
  ASSERT_NE(dladdr(code, &where), 0);
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string copy = dir.file("libwhygpu-extra-folder-test.so");
  std::filesystem::copy_file(where.dli_fname, copy);
  const std::string folder = dir.path() + "/";

  SharedLibrary plain;
  EXPECT_FALSE(SharedLibrary::open({"libwhygpu-extra-folder-test.so"}, &plain));
  SharedLibrary found;
  ASSERT_TRUE(SharedLibrary::open({"libwhygpu-extra-folder-test.so"}, &found, {"/no/such/folder/", folder.c_str()}));
  EXPECT_EQ(found.path(), copy);
  double (*cosine)(double) = nullptr;
  ASSERT_TRUE(found.symbol("cos", &cosine));
  EXPECT_DOUBLE_EQ(cosine(0.0), 1.0);
}

TEST(SharedLibrary, AMissingLibraryNamesTheExtraFoldersTried) {
  SharedLibrary none;
  const Status s = SharedLibrary::open({"libwhygpu-missing.so.1"}, &none, {"/opt/whygpu-extra/"});
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/opt/whygpu-extra/libwhygpu-missing.so.1"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu
