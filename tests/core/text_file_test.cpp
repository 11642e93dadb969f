#include "compute/core/text_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"

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

// Files in `folder` other than `keep`: temporaries a save left behind.
int other_files(const std::string& folder, const std::string& keep) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().filename() != keep) ++n;
  return n;
}

TEST(TextFile, AFailingWriteLeavesTheOldFileIntact) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("f.bin");
  ASSERT_TRUE(write_file_atomically(path, std::string("old\0contents", 12)));
  Status s = Status::ok();
  {
    testing::FileSizeLimit limit(64);
    s = write_file_atomically(path, std::string(1000, 'n'));
  }
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("the old file is unchanged"), std::string::npos) << s.message();
  std::string text;
  ASSERT_TRUE(read_text_file(path, &text));
  EXPECT_EQ(text, std::string("old\0contents", 12));
  EXPECT_EQ(other_files(dir.path(), "f.bin"), 0);
}

TEST(TextFile, FoldersAreRefusedByName) {
  cnn::testing::TempDir dir;
  std::string text;
  const Status s = read_text_file(dir.path(), &text);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("is a folder"), std::string::npos) << s.message();
  std::filesystem::create_directories(dir.file("target"));
  EXPECT_FALSE(write_file_atomically(dir.file("target"), "x"));
  EXPECT_TRUE(std::filesystem::is_directory(dir.file("target")));
}

TEST(TextFile, AWriteIntoAMissingFolderFails) {
  const Status s = write_file_atomically("/nonexistent/whygpu/f.txt", "x");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cannot create"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu
