#include "compute/cnn/weights_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "compute/cnn/model.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"
#include "tests/core/special_files.h"

namespace whygpu::cnn {
namespace {

using testing::TempDir;

void expect_refused(const std::string& path, const std::string& words) {
  std::vector<float> loaded = {1.0f};
  const Status s = load_weights(path, &loaded);
  ASSERT_FALSE(s.is_ok()) << words;
  EXPECT_NE(s.message().find(words), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  EXPECT_EQ(loaded, std::vector<float>{1.0f}) << "a refused file leaves the output alone";
}

TEST(WeightsFile, RoundTripsExactlyAndLeavesNoTemporaryFile) {
  TempDir dir;
  const auto params = initial_parameters(42);
  ASSERT_TRUE(save_weights(dir.file("w.bin"), params).is_ok());
  ASSERT_TRUE(save_weights(dir.file("w.bin"), initial_parameters(43)).is_ok()) << "replaces an existing file";
  ASSERT_TRUE(save_weights(dir.file("w.bin"), params).is_ok());
  std::vector<float> loaded;
  ASSERT_TRUE(load_weights(dir.file("w.bin"), &loaded).is_ok());
  EXPECT_EQ(loaded, params);
  EXPECT_FALSE(std::filesystem::exists(dir.file("w.bin.tmp")));
  EXPECT_EQ(std::filesystem::file_size(dir.file("w.bin")), 88u + 4u * kParameterCount);
}

TEST(WeightsFile, DamagedFilesAreRefused) {
  TempDir dir;
  ASSERT_TRUE(save_weights(dir.file("good"), initial_parameters(1)).is_ok());
  const auto good = testing::read_bytes(dir.file("good"));

  auto flipped = good;
  flipped[88 + 1000] ^= 0x10;
  testing::write_bytes(dir.file("flipped"), flipped);
  expect_refused(dir.file("flipped"), "checksum");

  auto cut = good;
  cut.resize(good.size() - 7);
  testing::write_bytes(dir.file("cut"), cut);
  expect_refused(dir.file("cut"), "truncated");

  testing::write_bytes(dir.file("tiny"), {1, 2, 3});
  expect_refused(dir.file("tiny"), "too short");

  auto magic = good;
  magic[0] = 'X';
  testing::write_bytes(dir.file("magic"), magic);
  expect_refused(dir.file("magic"), "not a whygpu weights file");

  auto version = good;
  version[8] = 9;
  testing::write_bytes(dir.file("version"), version);
  expect_refused(dir.file("version"), "version 9");

  auto other = good;
  other[20] = 'Z';
  testing::write_bytes(dir.file("other"), other);
  expect_refused(dir.file("other"), "different network");

  expect_refused(dir.file("missing"), "cannot open");

  // Issue 21: bytes 84-87 (the header's reserved field) flipped used to load.
  auto reserved = good;
  for (int i = 84; i < 88; ++i) reserved[i] ^= 0xFF;
  testing::write_bytes(dir.file("reserved"), reserved);
  expect_refused(dir.file("reserved"), "reserved bytes (84-87)");

  auto longer = good;
  longer.push_back(0);
  testing::write_bytes(dir.file("longer"), longer);
  expect_refused(dir.file("longer"), "too long");
}

TEST(WeightsFile, AFailingSaveLeavesTheOldFileIntact) {
  TempDir dir;
  ASSERT_TRUE(save_weights(dir.file("w.bin"), initial_parameters(1)).is_ok());
  const auto old = testing::read_bytes(dir.file("w.bin"));
  Status s = Status::ok();
  {
    whygpu::testing::FileSizeLimit limit(1000);
    s = save_weights(dir.file("w.bin"), initial_parameters(2));
  }
  EXPECT_FALSE(s.is_ok());
  EXPECT_EQ(testing::read_bytes(dir.file("w.bin")), old);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1) << "no temporary left";
}

// Issue 21: a folder as the weights path aborted the app (std::bad_alloc).
TEST(WeightsFile, AFolderIsRefusedByName) {
  TempDir dir;
  expect_refused(dir.path(), "is a folder");
}

// Issue 21: a sparse 100 GB file with a good header ended in std::bad_alloc. Now refused
// from its size against the header's shape; only one weights file of memory is read.
TEST(WeightsFile, ASparse100GbFileIsRefusedBySize) {
  TempDir dir;
  ASSERT_TRUE(save_weights(dir.file("huge"), initial_parameters(1)).is_ok());
  std::error_code ec;
  std::filesystem::resize_file(dir.file("huge"), std::uintmax_t{100} << 30, ec);
  if (ec) GTEST_SKIP() << "this file system cannot hold a sparse 100 GB file: " << ec.message();
  expect_refused(dir.file("huge"), "too long: 107374182400 bytes");
}

TEST(WeightsFile, RefusesTheWrongCount) {
  TempDir dir;
  EXPECT_FALSE(save_weights(dir.file("w"), std::vector<float>(10)).is_ok());
  EXPECT_FALSE(std::filesystem::exists(dir.file("w")));
}

TEST(WeightsFile, AFifoIsRefusedAtOnce) {
  testing::TempDir dir;
  const std::string fifo = dir.file("mnist-cnn.weights");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { expect_refused(fifo, "is a named pipe (FIFO)"); }));
}

}  // namespace
}  // namespace whygpu::cnn
