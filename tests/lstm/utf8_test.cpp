#include "compute/lstm/utf8.h"
#include "tests/core/special_files.h"
#include "tests/cnn/temp_dir.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace whygpu::lstm {
namespace {

Status decode(const std::string& bytes, std::u32string* out) { return decode_utf8(bytes, "test.txt", out); }

TEST(Utf8, DecodesOneToFourByteCharactersAsCodePoints) {
  std::u32string out;
  ASSERT_TRUE(decode("a\xC3\xA9\xE2\x80\x94\xF0\x9F\x98\x80", &out));  // a é — 😀
  EXPECT_EQ(out, (std::u32string{U'a', 0xE9, 0x2014, 0x1F600}));
  EXPECT_EQ(to_utf8(out), "a\xC3\xA9\xE2\x80\x94\xF0\x9F\x98\x80");
}

TEST(Utf8, SkipsALeadingByteOrderMark) {
  std::u32string out;
  ASSERT_TRUE(decode("\xEF\xBB\xBFhi", &out));
  EXPECT_EQ(out, U"hi");
}

TEST(Utf8, RejectsInvalidSequencesNamingFileAndOffset) {
  struct Case {
    std::string bytes;
    std::size_t offset;
    const char* why;
  };
  const Case cases[] = {
      {"ab\x80", 2, "continuation byte with no lead"},
      {"\xC3(", 0, "cut short"},
      {"xy\xE2\x82", 2, "cut short by the end of the file"},
      {"\xC0\xAF", 0, "overlong"},                  // '/' in two bytes
      {"ok \xE0\x80\xAF", 3, "overlong"},           // '/' in three bytes
      {"\xF0\x80\x80\xAF", 0, "overlong"},          // '/' in four bytes
      {"\xED\xA0\x80", 0, "surrogate"},             // U+D800
      {"\xF4\x90\x80\x80", 0, "beyond U+10FFFF"},   // U+110000
      {"\xFF", 0, "never appears"},
      {"\xF5\x80\x80\x80", 0, "never appears"},
  };
  for (const Case& c : cases) {
    std::u32string out;
    const Status s = decode(c.bytes, &out);
    ASSERT_FALSE(s) << c.why;
    EXPECT_NE(s.message().find("test.txt"), std::string::npos) << s.message();
    EXPECT_NE(s.message().find("byte offset " + std::to_string(c.offset)), std::string::npos) << s.message();
    EXPECT_NE(s.message().find(c.why), std::string::npos) << s.message();
  }
}

TEST(Utf8, AcceptsTheLargestAndSmallestOfEachLength) {
  std::u32string out;
  ASSERT_TRUE(decode("\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80\xEF\xBF\xBF\xF0\x90\x80\x80\xF4\x8F\xBF\xBF", &out));
  EXPECT_EQ(out, (std::u32string{0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF}));
}

TEST(Utf8, EmptyAndMissingFilesGiveClearMessages) {
  const std::string path = ::testing::TempDir() + "whygpu_empty.txt";
  { std::ofstream(path, std::ios::binary); }
  std::u32string out;
  Status s = read_utf8_file(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(path), std::string::npos);
  EXPECT_NE(s.message().find("empty"), std::string::npos);
  { std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF"; }
  EXPECT_FALSE(read_utf8_file(path, &out));
  std::remove(path.c_str());
  s = read_utf8_file(path + ".missing", &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cannot open"), std::string::npos);
}

// Issue 21: a text path that is a folder stopped the LSTM trainer; 215 MB of text took 1.26 GB.
TEST(Utf8, FoldersAndOversizedTextsAreRefusedByName) {
  std::u32string out;
  Status s = read_utf8_file(::testing::TempDir(), &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("is a folder"), std::string::npos) << s.message();
  const std::string path = ::testing::TempDir() + "whygpu_huge.txt";
  { std::ofstream(path, std::ios::binary) << "abc"; }
  std::filesystem::resize_file(path, kMaxTextBytes + 1);  // sparse: costs no disk
  s = read_utf8_file(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("texts up to 64 MB are read"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  std::remove(path.c_str());
}

TEST(Utf8, InvalidFileNamesTheFileAndOffset) {
  const std::string path = ::testing::TempDir() + "whygpu_latin1.txt";
  { std::ofstream(path, std::ios::binary) << "caf\xE9 au lait"; }  // Latin-1, not UTF-8
  std::u32string out;
  const Status s = read_utf8_file(path, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(path), std::string::npos);
  EXPECT_NE(s.message().find("byte offset 3"), std::string::npos) << s.message();
  std::remove(path.c_str());
}

TEST(Utf8, DescribesCharactersForMessages) {
  EXPECT_EQ(describe_code_point(U'a'), "'a' (U+0061)");
  EXPECT_EQ(describe_code_point(U'\n'), "line break (U+000A)");
  EXPECT_EQ(describe_code_point(0x1F600), "'\xF0\x9F\x98\x80' (U+1F600)");
}

// A FIFO as the LSTM's text hung the trainer's loader.
TEST(Utf8, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("corpus.txt");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  std::u32string out;
  Status s = Status::ok();
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = read_utf8_file(fifo, &out); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::lstm
