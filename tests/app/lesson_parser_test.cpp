#include <gtest/gtest.h>

#include "app/lesson/lesson.h"
#include "app/lesson/lesson_library.h"
#include "app/lesson/text_limits.h"
#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/special_files.h"

namespace whygpu::app {
namespace {

const char* kGood = R"(id: sample
title: A sample
section: 1. Start
---
# Big heading
First line of a paragraph
continues here with *emphasis* and `code`.

- a bullet
  that continues
> remember this
> and this

@panel hardware id=hw size=12 label="two words"
```
int x = 1;
```
)";

TEST(LessonParser, ParsesHeaderAndEveryBlockKind) {
  const Lesson lesson = parse_lesson(kGood, "sample.lesson");
  ASSERT_TRUE(lesson.errors.empty()) << lesson.errors.front().to_string();
  EXPECT_EQ(lesson.id, "sample");
  EXPECT_EQ(lesson.title, "A sample");
  EXPECT_EQ(lesson.section, "1. Start");
  ASSERT_EQ(lesson.blocks.size(), 6u);
  EXPECT_EQ(lesson.blocks[0].kind, LessonBlock::Kind::heading1);
  EXPECT_EQ(lesson.blocks[1].kind, LessonBlock::Kind::paragraph);
  EXPECT_EQ(lesson.blocks[2].kind, LessonBlock::Kind::bullet);
  EXPECT_EQ(lesson.blocks[3].kind, LessonBlock::Kind::callout);
  EXPECT_EQ(lesson.blocks[4].kind, LessonBlock::Kind::panel);
  EXPECT_EQ(lesson.blocks[5].kind, LessonBlock::Kind::code);
  EXPECT_EQ(lesson.blocks[5].code, "int x = 1;\n");
  EXPECT_EQ(lesson.blocks[4].panel_type, "hardware");
  EXPECT_EQ(lesson.blocks[4].params.at("id"), "hw");
  EXPECT_EQ(lesson.blocks[4].params.at("label"), "two words");
  EXPECT_EQ(lesson.blocks[4].line, 14);
  // Continuation lines join the paragraph; markup becomes spans.
  const auto& spans = lesson.blocks[1].spans;
  ASSERT_EQ(spans.size(), 5u);
  EXPECT_EQ(spans[0].text, "First line of a paragraph continues here with ");
  EXPECT_EQ(spans[1].style, TextSpan::Style::emphasis);
  EXPECT_EQ(spans[3].style, TextSpan::Style::code);
  EXPECT_EQ(lesson.blocks[3].spans[0].text, "remember this and this");
}

// Chinese is written without spaces: a sentence continued on the next line goes on
// without one, while English lines are still joined with a space.
TEST(LessonParser, JoinsLinesOfChineseWithoutASpace) {
  const Lesson lesson = parse_lesson(
      "id: zh\ntitle: 中文\nsection: S\n---\n"
      "GPU 的核心很多，\n每个核心都很简单。\nThen English\ncontinues.\n\n"
      "- 小向量：\n  GPU的曲线是*平的*。\n"
      "> 只有当工作量大时，\n> GPU才划算。\n",
      "zh.lesson");
  ASSERT_TRUE(lesson.errors.empty()) << lesson.errors.front().to_string();
  ASSERT_EQ(lesson.blocks.size(), 3u);
  EXPECT_EQ(lesson.blocks[0].spans.at(0).text, "GPU 的核心很多，每个核心都很简单。Then English continues.");
  EXPECT_EQ(lesson.blocks[1].spans.at(0).text, "小向量：GPU的曲线是");
  EXPECT_EQ(lesson.blocks[2].spans.at(0).text, "只有当工作量大时，GPU才划算。");
}

TEST(LessonParser, ReportsErrorsWithLineNumbers) {
  const Lesson lesson = parse_lesson("id: x\ntitle: X\nsection: S\ncolour: red\n---\n@panel\n@pannel a\n@panel p k\n", "bad.lesson");
  ASSERT_EQ(lesson.errors.size(), 4u);
  EXPECT_EQ(lesson.errors[0].to_string(), "bad.lesson:4: unknown header key 'colour' (known: id, title, section; in a translation, language and translates)");
  EXPECT_EQ(lesson.errors[1].line, 6);
  EXPECT_NE(lesson.errors[1].message.find("needs a panel name"), std::string::npos);
  EXPECT_EQ(lesson.errors[2].line, 7);
  EXPECT_NE(lesson.errors[2].message.find("unknown directive '@pannel'"), std::string::npos);
  EXPECT_EQ(lesson.errors[3].line, 8);
  EXPECT_NE(lesson.errors[3].message.find("has no value"), std::string::npos);
}

TEST(LessonParser, MissingHeaderFieldsAndUnclosedBlocks) {
  const Lesson lesson = parse_lesson("title: only a title\n", "x.lesson");
  EXPECT_GE(lesson.errors.size(), 3u);  // no '---', no id, no section
  const Lesson code = parse_lesson("id: a\ntitle: A\nsection: S\n---\n```\nnever closed\n", "y.lesson");
  ASSERT_EQ(code.errors.size(), 1u);
  EXPECT_EQ(code.errors[0].line, 5);
}

TEST(LessonParser, BadIdAndDuplicateParameter) {
  const Lesson lesson = parse_lesson("id: has space\ntitle: T\nsection: S\n---\n@panel p a=1 a=2\n", "z.lesson");
  ASSERT_EQ(lesson.errors.size(), 2u);
  EXPECT_NE(lesson.errors[0].message.find("may hold only"), std::string::npos);
  EXPECT_NE(lesson.errors[1].message.find("given twice"), std::string::npos);
}

TEST(LessonParser, NumberedItemsKeepTheirNumbers) {
  const Lesson lesson = parse_lesson("id: n\ntitle: N\nsection: S\n---\n1. first\ncontinued\n12. twelfth\n3 not a list\n", "n.lesson");
  ASSERT_TRUE(lesson.errors.empty());
  ASSERT_EQ(lesson.blocks.size(), 2u);
  EXPECT_EQ(lesson.blocks[0].kind, LessonBlock::Kind::numbered);
  EXPECT_EQ(lesson.blocks[0].number, "1.");
  EXPECT_EQ(lesson.blocks[0].spans[0].text, "first continued");
  EXPECT_EQ(lesson.blocks[1].number, "12.");
  EXPECT_EQ(lesson.blocks[1].spans[0].text, "twelfth 3 not a list");
}

TEST(InlineMarkup, StrongEmphasisCodeAndUnclosedMarkers) {
  const auto spans = parse_inline("a **b** *c* `d*e` 2*3");
  ASSERT_EQ(spans.size(), 7u);
  EXPECT_EQ(spans[1].style, TextSpan::Style::strong);
  EXPECT_EQ(spans[1].text, "b");
  EXPECT_EQ(spans[3].style, TextSpan::Style::emphasis);
  EXPECT_EQ(spans[5].style, TextSpan::Style::code);
  EXPECT_EQ(spans[5].text, "d*e");
  EXPECT_EQ(spans[6].text, " 2*3");  // a lone '*' stays literal
}

TEST(InlineMarkup, UnclosedMarkersStayLiteralBesideClosedOnes) {
  const auto spans = parse_inline("a *b `c* d` e ** f **g** `h");
  std::string joined;
  for (const TextSpan& s : spans) joined += "[" + std::to_string(static_cast<int>(s.style)) + ":" + s.text + "]";
  EXPECT_EQ(joined, "[0:a ][1:b `c][0: d][3: e ** f **g** ][0:h]");
}

// Issue 21: a 1 MB and a 10 MB lesson timed out in --check-lessons (each character of a
// paragraph copied the rest of it). Shapes that were quadratic, parsed whole.
// Megabytes of text in one paragraph, and a line of unclosed markers, parse in one pass
// (no search restarts per marker); both are reported over their limits and kept cut, so
// the page that draws them stays small.
TEST(LessonParser, HugeParagraphsAndUnclosedMarkersParseInOnePassAndAreCut) {
  std::string body;
  for (int i = 0; i < 200000; ++i) body += "word" + std::to_string(i) + "\n";  // one paragraph of 1.3 MB
  for (int i = 0; i < 300000; ++i) body += "`a *b ";                         // 1.8 MB of unclosed markers
  const Lesson lesson = parse_lesson("id: big\ntitle: Big\nsection: S\n---\n" + body + "\n", "big.lesson");
  ASSERT_EQ(lesson.errors.size(), 2u);
  EXPECT_EQ(lesson.errors[0].to_string(), "big.lesson:200005: a line is 1800000 characters long (at most 2000)");
  EXPECT_NE(lesson.errors[1].message.find("a paragraph is "), std::string::npos) << lesson.errors[1].message;
  ASSERT_EQ(lesson.blocks.size(), 1u);
  std::size_t characters = 0;
  for (const TextSpan& s : lesson.blocks[0].spans) characters += s.text.size();
  EXPECT_EQ(characters, kBlockLimit.characters + 3);  // cut, with "..."
}

// Lessons are untrusted content: a FIFO named like a lesson must not hang the start; it
// becomes a lesson whose page says what is wrong, and the other lessons load.
TEST(LessonLibrary, AFifoAmongTheLessonsIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(write_file_atomically(dir.file("a.lesson"), kGood));
  const std::string fifo = dir.file("b.lesson");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  LessonLibrary library;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { library = LessonLibrary::load(dir.path()); }));
  ASSERT_EQ(library.lessons().size(), 2u);
  EXPECT_EQ(library.lessons()[0].id, "sample");
  EXPECT_TRUE(library.lessons()[0].errors.empty());
  const Lesson& refused = library.lessons()[1];
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_NE(refused.errors[0].message.find("is a named pipe (FIFO)"), std::string::npos) << refused.errors[0].message;
}

}  // namespace
}  // namespace whygpu::app
