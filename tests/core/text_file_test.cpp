#include "compute/core/text_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/cnn/temp_dir.h"

namespace whygpu {
namespace {

TEST(TextFile, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = dir.file("f.txt");
  ASSERT_TRUE(write_file_atomically(path, "first"));
  ASSERT_TRUE(write_file_atomically(path, "second, longer"));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  std::string text;
  ASSERT_TRUE(read_text_file(path, &text));
  EXPECT_EQ(text, "second, longer");
}

TEST(TextFile, ReadsRefuseFilesOverTheLimitAndNameMissingOnes) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = dir.file("f.txt");
  ASSERT_TRUE(write_file_atomically(path, "twelve bytes"));
  std::string text = "unchanged";
  Status s = read_text_file(path, &text, 4);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("larger than 4 bytes"), std::string::npos) << s.message();
  EXPECT_EQ(text, "unchanged");
  s = read_text_file(dir.file("missing.txt"), &text);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("missing.txt: cannot open"), std::string::npos) << s.message();
}

TEST(TextFile, AWriteIntoAMissingFolderFails) {
  const Status s = write_file_atomically("/nonexistent/whygpu/f.txt", "x");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cannot create"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu
