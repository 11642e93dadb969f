// Where lines of Chinese, English and French may break, and lines chosen from those
// places, with every character one unit wide (the rules do not depend on the font).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "app/text/cjk.h"
#include "app/text/line_breaks.h"
#include "app/text/utf8.h"
#include "app/lesson/text_limits.h"  // utf8_characters

namespace whygpu::app {
namespace {

// The text with '|' at each break opportunity: "我|们" allows a line to end after 我.
std::string marked(std::string_view text) {
  std::string out;
  std::size_t from = 0;
  for (const std::size_t at : line_break_opportunities(text)) {
    out.append(text.substr(from, at - from)).append("|");
    from = at;
  }
  return out.append(text.substr(from));
}

// Every character is one unit wide.
MeasureText characters_of(std::string_view text) {
  return [text](std::size_t begin, std::size_t end) {
    return static_cast<float>(utf8_characters(text.substr(begin, end - begin)));
  };
}

std::vector<std::string> wrapped(std::string_view text, float width) {
  std::vector<std::string> lines;
  for (const WrappedLine& line : wrap_lines(text, line_break_opportunities(text), width, characters_of(text)))
    lines.emplace_back(text.substr(line.begin, line.end - line.begin));
  return lines;
}

using Lines = std::vector<std::string>;

TEST(LineBreaks, ChineseBreaksBetweenAnyTwoCharacters) {
  EXPECT_EQ(marked("图形处理器很快"), "图|形|处|理|器|很|快");
}

TEST(LineBreaks, NoLineStartsWithClosingOrEndsWithOpeningPunctuation) {
  EXPECT_EQ(marked("它很快，因为（并行）计算。"), "它|很|快，|因|为|（并|行）|计|算。");
  EXPECT_EQ(marked("他说「好」，《书》、【注】；对吗？对！"), "他|说|「好」，|《书》、|【注】；|对|吗？|对！");
  // The six-dot ellipsis and the two-em dash are each one mark.
  EXPECT_EQ(marked("然后……走了——快"), "然|后……|走|了|——|快");
  // ASCII and full-width forms of the same marks.
  EXPECT_EQ(marked("快,慢.好:(是)"), "快,|慢.|好:(是)");  // ":(" is not Chinese: held together
  EXPECT_EQ(marked("快，慢．好：［是］"), "快，|慢．|好：|［是］");
}

TEST(LineBreaks, ChineseMixedWithEnglishNumbersAndCode) {
  EXPECT_EQ(marked("GPU有132个SM，每个SM有128个核心"), "GPU|有|132|个|SM，|每|个|SM|有|128|个|核|心");
  EXPECT_EQ(marked("使用 CUDA 的cudaMalloc(n)分配"), "使|用 |CUDA |的|cudaMalloc(n)|分|配");
  EXPECT_EQ(marked("“GPU”很快"), "“GPU”|很|快");
}

TEST(LineBreaks, LatinBreaksOnlyAfterSpaces) {
  EXPECT_EQ(marked("Latin words  break only at spaces."), "Latin |words  |break |only |at |spaces.");
  EXPECT_EQ(marked("Donaudampfschifffahrtsgesellschaft"), "Donaudampfschifffahrtsgesellschaft");
  EXPECT_EQ(marked("well-known e.g. x/y"), "well-known |e.g. |x/y");
}

TEST(LineBreaks, NoBreakSpacesHoldFrenchPunctuationToItsWord) {
  // U+202F before ? ; ! and inside numbers, U+00A0 inside « », as French typesetting wants.
  EXPECT_EQ(marked("Pourquoi\u202f? Le GPU gagne\u00a0: «\u00a0vite\u00a0»."),
            "Pourquoi\u202f? |Le |GPU |gagne\u00a0: |«\u00a0vite\u00a0».");
  EXPECT_EQ(marked("10\u202f000 éléments"), "10\u202f000 |éléments");
  // Even a plain space before '!' leaves the '!' on its word's line.
  EXPECT_EQ(marked("Vite !"), "Vite !");
}

TEST(LineBreaks, BrokenUtf8IsReadToItsEnd) {
  EXPECT_EQ(marked("a\xff\xe4\xb8 b\xe4"), "a\xff\xe4\xb8 |b\xe4");
}

TEST(WrapLines, ClosingPunctuationGoesWithTheCharacterBeforeIt) {
  // Five fit, but "。" may not start a line: 形 goes down with it.
  EXPECT_EQ(wrapped("我们用图形。", 5), (Lines{"我们用图", "形。"}));
  EXPECT_EQ(wrapped("我们用图形。", 6), (Lines{"我们用图形。"}));
}

TEST(WrapLines, EnglishWrapsAtSpacesWhichAreNotDrawn) {
  EXPECT_EQ(wrapped("Latin words break", 11), (Lines{"Latin words", "break"}));
  EXPECT_EQ(wrapped("Latin words break", 10), (Lines{"Latin", "words", "break"}));
  EXPECT_EQ(wrapped("Le GPU gagne\u00a0!", 10), (Lines{"Le GPU", "gagne\u00a0!"}));
}

TEST(WrapLines, MixedTextBreaksBetweenChineseAndLatin) {
  EXPECT_EQ(wrapped("GPU有132个SM", 6), (Lines{"GPU有", "132个SM"}));
}

TEST(WrapLines, AWordWiderThanTheLineIsCutSoThatNothingRunsPastTheEdge) {
  EXPECT_EQ(wrapped("Donaudampfschifffahrt", 8), (Lines{"Donaudam", "pfschiff", "fahrt"}));
  EXPECT_EQ(wrapped("a Donaudampfschifffahrt b", 8), (Lines{"a", "Donaudam", "pfschiff", "fahrt b"}));
  // A cut leaves closing punctuation with the character before it.
  EXPECT_EQ(wrapped("multiplication）。", 14), (Lines{"multiplicatio", "n）。"}));
  // However narrow the line, each holds a character and the text ends.
  EXPECT_EQ(wrapped("汉字", 0), (Lines{"汉", "字"}));
}

TEST(WrapLines, NewlinesEndLinesAndEmptyTextHasNone) {
  EXPECT_EQ(wrapped("ab\n\ncd", 10), (Lines{"ab", "", "cd"}));
  EXPECT_TRUE(wrapped("", 10).empty());
}

TEST(WrapLines, EveryLineFitsAndTogetherTheyHoldTheWholeText) {
  const std::string text =
      "GPU 的核心很多，每个核心都很简单：它们一起计算同一个矩阵乘法（matrix multiplication）。"
      "When the vectors are small, the CPU wins; «\u00a0le GPU\u00a0» gagne ensuite.";
  for (float width = 3; width <= 40; ++width) {
    SCOPED_TRACE(width);
    std::string joined;
    for (const WrappedLine& line : wrap_lines(text, line_break_opportunities(text), width, characters_of(text))) {
      const std::string_view shown = std::string_view(text).substr(line.begin, line.end - line.begin);
      EXPECT_LE(utf8_characters(shown), width) << shown;
      EXPECT_EQ(joined.size(), line.begin) << "text skipped before '" << shown << "'";
      joined.append(text, line.begin, line.end - line.begin);
      // What is left out between lines is the spaces a line broke at.
      const std::size_t next = std::min(text.find_first_not_of(' ', line.end), text.size());
      joined.append(next - line.end, ' ');
      if (line.end < text.size()) {
        std::size_t length = 0;
        const char32_t first = utf8_at(text, next, &length);
        EXPECT_NE(first, U'，') << "a line starts with '，'";
        EXPECT_NE(first, U'。') << "a line starts with '。'";
        EXPECT_NE(first, U'）') << "a line starts with '）'";
      }
    }
    EXPECT_EQ(joined, text);
  }
}

TEST(Cjk, HanKanaHangulPunctuationAndFullWidthForms) {
  for (const char32_t c : {U'中', U'國', U'あ', U'カ', U'한', U'。', U'，', U'「', U'Ａ', U'\U00020000'})
    EXPECT_TRUE(is_cjk(c)) << static_cast<unsigned>(c);
  for (const char32_t c : {U'a', U'é', U'Б', U' ', U'\u00a0', U'…', U'—', U'“'}) EXPECT_FALSE(is_cjk(c)) << static_cast<unsigned>(c);
}

TEST(Cjk, SourceLinesJoinWithoutASpaceWhereEitherSideIsCjk) {
  auto joined = [](std::string text, std::string_view line) {
    append_source_line(text, line);
    return text;
  };
  EXPECT_EQ(joined("GPU 的核心很多，", "每个核心都很简单"), "GPU 的核心很多，每个核心都很简单");
  EXPECT_EQ(joined("它的名字是", "CUDA。"), "它的名字是CUDA。");
  EXPECT_EQ(joined("CUDA", "很快"), "CUDA很快");
  EXPECT_EQ(joined("Latin words", "stay apart"), "Latin words stay apart");
  EXPECT_EQ(joined("fin.", "«\u00a0suite\u00a0»"), "fin. «\u00a0suite\u00a0»");
  EXPECT_EQ(joined("", "first"), "first");
}

TEST(Utf8, DecodesAndReplacesWhatIsBroken) {
  std::size_t length = 0, begin = 0;
  EXPECT_EQ(utf8_at("中", 0, &length), U'中');
  EXPECT_EQ(length, 3u);
  EXPECT_EQ(utf8_at("\U00020000", 0, &length), U'\U00020000');
  EXPECT_EQ(length, 4u);
  for (const std::string_view broken : {"\xff", "\xe4\xb8", "\xc0\xaf", "\xed\xa0\x80", "\x80"}) {
    EXPECT_EQ(utf8_at(broken, 0, &length), U'\ufffd');
    EXPECT_EQ(length, 1u);
  }
  EXPECT_EQ(utf8_before("a中", 4, &begin), U'中');
  EXPECT_EQ(begin, 1u);
  EXPECT_EQ(utf8_before("a中", 1, &begin), U'a');
  EXPECT_EQ(utf8_before("a\xb8", 2, &begin), U'\ufffd');
  EXPECT_EQ(begin, 1u);
}

}  // namespace
}  // namespace whygpu::app
