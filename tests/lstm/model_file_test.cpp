#include "compute/lstm/model_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>

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
  std::remove(path.c_str());
}

}  // namespace
}  // namespace whygpu::lstm
