#include "compute/lstm/model_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/core/file_size_limit.h"
#include "tests/core/special_files.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::lstm {
namespace {

SavedModel example() {
  SavedModel m;
  EXPECT_TRUE(Vocabulary::from_text(U"abc\u00e9\U0001F600", &m.vocabulary));
  m.weights = initial_weights({m.vocabulary.size(), 3, 8}, 4);
  m.training_steps = 1234;
  return m;
}

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}
void write_all(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(ModelFile, RoundTripsAndLeavesNoTemporaryFile) {
  const std::string path = ::testing::TempDir() + "whygpu_model.lstm";
  const SavedModel m = example();
  ASSERT_TRUE(save_model(path, m));
  EXPECT_FALSE(std::ifstream(path + ".tmp").good());
  SavedModel back;
  ASSERT_TRUE(load_model(path, &back));
  EXPECT_TRUE(back.vocabulary == m.vocabulary);
  EXPECT_TRUE(back.weights.shape == m.weights.shape);
  EXPECT_EQ(back.weights.values, m.weights.values);
  EXPECT_EQ(back.training_steps, 1234);
  std::remove(path.c_str());
}

TEST(ModelFile, DamagedFilesAreRefusedWithAReason) {
  const std::string path = ::testing::TempDir() + "whygpu_damaged.lstm";
  ASSERT_TRUE(save_model(path, example()));
  const std::string good = read_all(path);
  SavedModel out;

  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;  // one bit inside the weights
  write_all(path, flipped);
  Status s = load_model(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("damaged"), std::string::npos) << s.message();

  write_all(path, good.substr(0, good.size() - 9));
  s = load_model(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cut short"), std::string::npos) << s.message();

  write_all(path, "GIF89a and then some other file");
  s = load_model(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("signature"), std::string::npos) << s.message();

  std::string future = good;
  future[12] = 9;  // version 9
  write_all(path, future);
  s = load_model(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("version 9"), std::string::npos) << s.message();

  write_all(path, good + "x");
  s = load_model(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("1 bytes too many"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();

  // A good header on a sparse 100 GB file: refused by its size, nothing more is read.
  write_all(path, good);
  std::error_code ec;
  std::filesystem::resize_file(path, std::uintmax_t{100} << 30, ec);
  if (!ec) {
    s = load_model(path, &out);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("bytes too many"), std::string::npos) << s.message();
  }
  std::remove(path.c_str());

  s = load_model(::testing::TempDir(), &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("is a folder"), std::string::npos) << s.message();
}

TEST(ModelFile, AFailingSaveLeavesTheOldFileIntact) {
  const std::string path = ::testing::TempDir() + "whygpu_kept.lstm";
  ASSERT_TRUE(save_model(path, example()));
  const std::string old = read_all(path);
  SavedModel bigger = example();
  bigger.weights = initial_weights({bigger.vocabulary.size(), 16, 64}, 5);
  Status s = Status::ok();
  {
    whygpu::testing::FileSizeLimit limit(old.size());
    s = save_model(path, bigger);
  }
  EXPECT_FALSE(s);
  EXPECT_EQ(read_all(path), old);
  std::remove(path.c_str());
}

TEST(ModelFile, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("lstm.model");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  SavedModel out;
  Status s = Status::ok();
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = load_model(fifo, &out); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::lstm
