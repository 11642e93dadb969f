#include "compute/core/text_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"
#include "tests/core/special_files.h"

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

// The hang an attacker's test found: a FIFO where imgui.ini, a corpus or a kernel source
// was expected kept open() waiting for a writer forever.
TEST(TextFile, AFifoIsRefusedAtOnceByName) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("imgui.ini");
  ASSERT_TRUE(testing::make_fifo(fifo));
  std::string text = "unchanged";
  Status s = Status::ok();
  ASSERT_TRUE(testing::returns_quickly(fifo, [&] { s = read_text_file(fifo, &text); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO), not a regular file"), std::string::npos)
      << s.message();
  EXPECT_EQ(text, "unchanged");
}

TEST(TextFile, ADeviceIsRefusedNotReadUpToTheLimit) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero here";
  std::string text;
  const Status s = read_text_file("/dev/zero", &text);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/dev/zero: is a device, not a regular file"), std::string::npos) << s.message();
}

TEST(TextFile, ALinkToARegularFileIsRead) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(write_file_atomically(dir.file("real.txt"), "through the link"));
  std::filesystem::create_symlink(dir.file("real.txt"), dir.file("link.txt"));
  std::string text;
  ASSERT_TRUE(read_text_file(dir.file("link.txt"), &text));
  EXPECT_EQ(text, "through the link");
}

// A sparse file claims gigabytes and costs nothing to make: the size is refused from
// fstat, before a byte is read.
TEST(TextFile, AnOversizeFileIsRefusedBeforeItIsRead) {
  cnn::testing::TempDir dir;
  const std::string path = dir.file("huge.json");
  ASSERT_TRUE(write_file_atomically(path, "{}"));
  std::filesystem::resize_file(path, std::uintmax_t{8} << 30);
  std::string text;
  const auto start = std::chrono::steady_clock::now();
  const Status s = read_text_file(path, &text, std::size_t{1} << 20);
  ASSERT_FALSE(s);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_NE(s.message().find(path + ": 8589934592 bytes, larger than 1048576"), std::string::npos) << s.message();
}

std::string contents_of(const std::string& path) {
  std::string text;
  EXPECT_TRUE(read_text_file(path, &text));
  return text;
}

// A save replaced whatever was at the target: a symbolic link became a file.
TEST(TextFile, ASaveRefusesALinkAndLeavesItAndItsTargetAlone) {
  cnn::testing::TempDir dir;
  const std::string real = dir.file("real.ini"), link = dir.file("settings.ini");
  ASSERT_TRUE(write_file_atomically(real, "original"));
  std::filesystem::create_symlink(real, link);
  const Status s = write_file_atomically(link, "new");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(link + ": is a symbolic link"), std::string::npos) << s.message();
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(std::filesystem::read_symlink(link), real);
  EXPECT_EQ(contents_of(real), "original");
  EXPECT_EQ(other_files(dir.path(), "real.ini"), 1);  // the link, no temporary
}

TEST(TextFile, ASaveRefusesAFifoAndLeavesIt) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("out.png");
  ASSERT_TRUE(testing::make_fifo(fifo));
  Status s = Status::ok();
  ASSERT_TRUE(testing::returns_quickly(fifo, [&] { s = write_file_atomically(fifo, "png"); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
  struct stat st{};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(other_files(dir.path(), "out.png"), 0);
}

// A device node became a PNG. Making one needs CAP_MKNOD; without it the test says so.
TEST(TextFile, ASaveRefusesADeviceNode) {
  cnn::testing::TempDir dir;
  const std::string node = dir.file("null");
  if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    GTEST_SKIP() << "cannot make a device node here (" << std::strerror(errno) << ")";
  const Status s = write_file_atomically(node, "png");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(node + ": is a device"), std::string::npos) << s.message();
  struct stat st{};
  ASSERT_EQ(::lstat(node.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

mode_t permissions_of(const std::string& path) {
  struct stat st{};
  EXPECT_EQ(::stat(path.c_str(), &st), 0);
  return st.st_mode & 07777;
}

// A 0600 settings file became 0644 after a save.
TEST(TextFile, ASaveKeepsTheTargetsPermissionsAndMakesNewFiles0644) {
  cnn::testing::TempDir dir;
  const std::string fresh = dir.file("fresh.txt"), kept = dir.file("private.ini");
  ASSERT_TRUE(write_file_atomically(fresh, "a"));
  EXPECT_EQ(permissions_of(fresh), 0644u);
  for (const mode_t mode : {0600u, 0640u, 0664u}) {
    ASSERT_TRUE(write_file_atomically(kept, "before"));
    ASSERT_EQ(::chmod(kept.c_str(), mode), 0);
    ASSERT_TRUE(write_file_atomically(kept, "after"));
    EXPECT_EQ(permissions_of(kept), mode);
    EXPECT_EQ(contents_of(kept), "after");
  }
}

void age(const std::string& path, std::chrono::seconds by) {
  std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now() - by);
}

// A SIGKILL between creating a save's temporary and renaming it left the temporary behind,
// every time. The next start removes ours (named by the writer's pattern, over a minute
// old) and nothing else.
TEST(TextFile, StaleSaveTemporariesAreRemovedAndNothingElse) {
  cnn::testing::TempDir dir;
  const std::string stale = dir.file(".settings.ini.whygpu-tmp-a1B2c3");
  const std::string fresh = dir.file(".imgui.ini.whygpu-tmp-x9Y8z7");
  const std::string foreign = dir.file("settings.ini.tmp-a1B2c3");       // not our pattern
  const std::string lookalike = dir.file(".notes.whygpu-tmp-toolong1");  // not six characters
  const std::string user_file = dir.file("settings.ini");
  const std::string folder = dir.file(".cache.whygpu-tmp-q1w2e3");
  const std::string link = dir.file(".link.whygpu-tmp-r4t5y6");
  for (const std::string& path : {stale, fresh, foreign, lookalike, user_file})
    ASSERT_TRUE(write_file_atomically(path, "x"));
  std::filesystem::create_directory(folder);
  std::filesystem::create_symlink(user_file, link);
  for (const std::string& path : {stale, foreign, lookalike, user_file, folder}) age(path, std::chrono::minutes(5));
  age(fresh, std::chrono::seconds(5));

  EXPECT_EQ(remove_stale_save_temporaries(dir.path()), 1);
  EXPECT_FALSE(std::filesystem::exists(stale));
  for (const std::string& path : {fresh, foreign, lookalike, user_file, folder})
    EXPECT_TRUE(std::filesystem::exists(path)) << path;
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(remove_stale_save_temporaries(dir.file("missing-folder")), 0);
}

}  // namespace
}  // namespace whygpu
