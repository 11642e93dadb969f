#include "compute/lstm/vocabulary.h"

#include <gtest/gtest.h>

#include "compute/lstm/corpus.h"
#include "compute/lstm/utf8.h"

namespace whygpu::lstm {
namespace {

TEST(Vocabulary, IdsFollowCodePointOrderAndRoundTrip) {
  const std::u32string text = U"h\u00e9llo, w\u00f6rld \u2014 \U0001F600!";
  Vocabulary v;
  ASSERT_TRUE(Vocabulary::from_text(text, &v));
  EXPECT_EQ(v.size(), 13);
  for (int i = 1; i < v.size(); ++i) EXPECT_LT(v.code_point(i - 1), v.code_point(i));
  std::vector<TokenId> ids;
  ASSERT_TRUE(v.encode(text, &ids));
  ASSERT_EQ(ids.size(), text.size());
  std::vector<int> as_int(ids.begin(), ids.end());
  EXPECT_EQ(v.decode(as_int), to_utf8(text));
  EXPECT_EQ(v.id_of(U'z'), -1);
  EXPECT_EQ(v.utf8(v.id_of(0x1F600)), "\xF0\x9F\x98\x80");
}

TEST(Vocabulary, UnknownCharacterIsNamed) {
  Vocabulary v;
  ASSERT_TRUE(Vocabulary::from_text(U"abc", &v));
  std::vector<TokenId> ids;
  const Status s = v.encode(U"abd", &ids);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("'d' (U+0064)"), std::string::npos) << s.message();
}

TEST(Vocabulary, KeepsTheMostFrequentWhenThereAreTooMany) {
  std::u32string text;
  for (char32_t c = 0x4E00; c < 0x4E00 + 1100; ++c) text.push_back(c);  // 1100 distinct, once each
  for (int i = 0; i < 5; ++i) text += U"ab";                            // frequent
  Vocabulary v;
  ASSERT_TRUE(Vocabulary::from_text(text, &v));
  EXPECT_EQ(v.size(), Vocabulary::kMaxSize);
  EXPECT_TRUE(v.has_replacement());
  EXPECT_GE(v.id_of(U'a'), 0);
  std::vector<TokenId> ids;
  ASSERT_TRUE(v.encode(text, &ids));
  int replaced = 0;
  for (TokenId id : ids) replaced += v.code_point(id) == Vocabulary::kReplacement;
  EXPECT_EQ(replaced, 1100 + 2 - (Vocabulary::kMaxSize - 1));
}

TEST(Vocabulary, SavedListsAreChecked) {
  Vocabulary v;
  EXPECT_TRUE(Vocabulary::from_code_points({U'a', U'b'}, &v));
  EXPECT_FALSE(Vocabulary::from_code_points({}, &v));
  EXPECT_FALSE(Vocabulary::from_code_points({U'b', U'a'}, &v));
  EXPECT_FALSE(Vocabulary::from_code_points({U'a', U'a'}, &v));
  EXPECT_FALSE(Vocabulary::from_code_points({0xD800}, &v));
}

TEST(Corpus, EmptyTextIsRefused) {
  Corpus c;
  const Status s = corpus_from_text(U"", "empty.txt", &c);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("empty.txt"), std::string::npos);
}

}  // namespace
}  // namespace whygpu::lstm
