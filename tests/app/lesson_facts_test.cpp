// Numbers a lesson states about the app's own data and recordings are the ones the app
// has: named as facts ({fact:cnn.train_images}), read from the data sets under data/ and
// the recordings under assets/reference/ when the page is drawn, and never typed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/demo/script.h"
#include "app/files/file_locations.h"
#include "app/lesson/lesson_check.h"
#include "app/lesson/lesson_facts.h"
#include "app/lesson/lesson_library.h"

namespace whygpu::app {
namespace {

std::string source_dir() {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return source && *source ? source : WHYGPU_SOURCE_DIR;
}

std::vector<std::string> files_below(const std::string& folder, const std::string& extension) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.path().extension() == extension) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Script> demos() {
  std::vector<Script> scripts;
  for (const std::string& file : files_below(source_dir() + "/lessons/demos", ".script")) {
    Script script;
    std::string error;
    EXPECT_TRUE(load_script(file, &script, &error)) << error;
    scripts.push_back(std::move(script));
  }
  return scripts;
}

bool has_problem(const std::vector<std::string>& problems, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.find(part) != std::string::npos; });
}

TEST(LessonFacts, AFactIsNamedInlineAndOtherBracesStayText) {
  const std::vector<TextSpan> spans = parse_inline("trains on {fact:cnn.train_images}{fact:cnn.test_images} digits");
  ASSERT_EQ(spans.size(), 4u);
  EXPECT_EQ(spans[0].text, "trains on ");
  EXPECT_EQ(spans[1].style, TextSpan::Style::fact);
  EXPECT_EQ(spans[1].text, "cnn.train_images");
  EXPECT_EQ(spans[2].style, TextSpan::Style::fact);  // two facts side by side stay two
  EXPECT_EQ(spans[2].text, "cnn.test_images");
  for (const std::string text : {"{fact:Upper}", "{fact:}", "{fact:open", "{fact:a b}", "{facts:x}"}) {
    const std::vector<TextSpan> literal = parse_inline(text);
    ASSERT_EQ(literal.size(), 1u) << text;
    EXPECT_EQ(literal[0].style, TextSpan::Style::plain) << text;
    EXPECT_EQ(literal[0].text, text);
  }
}

TEST(LessonFacts, EachFactHasANameASourceAndWords) {
  std::set<std::string> names;
  for (const LessonFact& f : lesson_facts()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name << " twice";
    EXPECT_EQ(find_fact_refs("{fact:" + f.name + "}").size(), 1u) << f.name << " cannot be written in a lesson";
    EXPECT_FALSE(f.source.empty()) << f.name;
    EXPECT_FALSE(f.what.empty()) << f.name;
  }
  EXPECT_EQ(find_lesson_fact("no.such.fact"), nullptr);
}

TEST(LessonFacts, AFactThatCannotBeReadSaysSoInsteadOfANumber) {
  const std::filesystem::path empty = std::filesystem::path(::testing::TempDir()) / "whygpu-no-facts";
  std::filesystem::create_directories(empty);
  const FileLocator nowhere = [&](const std::string& relative) { return (empty / relative).string(); };
  const FactReading digits = read_fact("cnn.train_images", nowhere);
  EXPECT_FALSE(digits.read);
  EXPECT_EQ(digits.text, kFactNotMeasured);
  EXPECT_NE(digits.origin.find("whygpu-no-facts"), std::string::npos) << "the reason names what is missing: " << digits.origin;
  for (const LessonFact& f : lesson_facts()) {
    const FactReading r = read_fact(f.name, nowhere);
    if (!r.read) EXPECT_EQ(r.text, kFactNotMeasured) << f.name;
  }
  const FactReading unknown = read_fact("no.such", nowhere);
  EXPECT_FALSE(unknown.read);
  EXPECT_EQ(unknown.text, "(unknown fact no.such)");
}

TEST(LessonFacts, TextsWithFactsShowTheirValues) {
  EXPECT_EQ(with_facts("{fact:cnn.parameters} weights, {fact:no.such}"), "93,322 weights, (unknown fact no.such)");
  EXPECT_EQ(with_facts("no facts {here}"), "no facts {here}");
}

TEST(LessonFacts, CheckLessonsReportsUnknownAndHiddenFacts) {
  const Lesson lesson = parse_lesson(
      "id: x\ntitle: X\nsection: 1. X\n---\n"
      "It trains on {fact:cnn.train_imgs} digits.\n\n"
      "Shown as written: *{fact:cnn.train_images}*.\n\n"
      "@predict question=\"Of {fact:cnn.test_images} digits?\" explain=\"{fact:nope} right\" choices=\"a|b\" answer=1\n",
      "x.lesson");
  const std::vector<std::string> problems = lesson_problems(lesson);
  EXPECT_TRUE(has_problem(problems, "x.lesson:5: unknown fact 'cnn.train_imgs'")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(has_problem(problems, "x.lesson:7: '{fact:' shown as written")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(has_problem(problems, "x.lesson:9: unknown fact 'nope'")) << ::testing::PrintToString(problems);
  EXPECT_FALSE(has_problem(problems, "'cnn.test_images'")) << ::testing::PrintToString(problems);

  Script script;
  std::string error;
  ASSERT_TRUE(parse_script("caption \"After {fact:cnn.train_digits} digits?\"\n", "demo.script", &script, &error)) << error;
  EXPECT_TRUE(has_problem(script_problems(script, LessonLibrary::load(source_dir() + "/lessons")),
                          "demo.script:1: unknown fact 'cnn.train_digits'"));
}

// Every fact a shipped lesson or demo names, with where it is named.
std::vector<std::pair<std::string, std::string>> facts_named_in_shipped_text() {
  std::vector<std::pair<std::string, std::string>> named;
  const LessonLibrary library = LessonLibrary::load(source_dir() + "/lessons");
  for (const Lesson& lesson : library.lessons())
    for (const LessonBlock& block : lesson.blocks) {
      const std::string where = lesson.file + ":" + std::to_string(block.line);
      for (const TextSpan& span : block.spans)
        if (span.style == TextSpan::Style::fact) named.emplace_back(span.text, where);
      for (const auto& [key, value] : block.params)
        for (const FactRef& ref : find_fact_refs(value)) named.emplace_back(ref.name, where);
    }
  for (const Script& script : demos())
    for (const ScriptAction& action : script.actions)
      for (const std::string& arg : action.args)
        for (const FactRef& ref : find_fact_refs(arg))
          named.emplace_back(ref.name, script.file + ":" + std::to_string(action.line));
  return named;
}

TEST(ShippedLessons, EveryFactTheyNameIsReadHere) {
  for (const auto& [name, where] : facts_named_in_shipped_text()) {
    const FactReading r = read_fact(name, shipped_path);
    EXPECT_TRUE(r.read) << where << ": {fact:" << name << "} cannot be read: " << r.origin;
  }
}

bool is_digit_at(const std::string& s, std::size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); }
// Whether the number found at `at` stands alone, not inside a longer one (18,000 holds 8,000).
bool names_number_at(const std::string& line, std::size_t at, std::size_t length) {
  const bool joined_before = at > 0 && (is_digit_at(line, at - 1) || ((line[at - 1] == ',' || line[at - 1] == '.') && at > 1 && is_digit_at(line, at - 2)));
  const std::size_t after = at + length;
  const bool joined_after = is_digit_at(line, after) || ((after < line.size() && (line[after] == ',' || line[after] == '.')) && is_digit_at(line, after + 1));
  return !joined_before && !joined_after;
}

TEST(ShippedLessons, NameDistinctiveFactsInsteadOfTypingThem) {
  std::vector<std::string> files = files_below(source_dir() + "/lessons", ".lesson");
  for (const std::string& demo : files_below(source_dir() + "/lessons/demos", ".script")) files.push_back(demo);
  for (const LessonFact& f : lesson_facts()) {
    if (!f.distinctive) continue;
    const FactReading r = read_fact(f.name, shipped_path);
    ASSERT_TRUE(r.read) << f.name << ": " << r.origin;
    // As written, "93,322", and as bare digits where they are long enough not to be
    // something else ("93322", but not "2000": a launch of 2000 threads).
    std::vector<std::string> spellings = {r.text};
    std::string digits;
    for (char c : r.text)
      if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    if (digits.size() >= 5 && digits != r.text) spellings.push_back(digits);
    for (const std::string& file : files) {
      std::ifstream in(file);
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && (line.compare(first, 2, "//") == 0 || line[first] == '#')) continue;  // notes
        for (const std::string& written : spellings)
          for (std::size_t at = line.find(written); at != std::string::npos; at = line.find(written, at + 1))
            EXPECT_FALSE(names_number_at(line, at, written.size()))
                << file << ":" << number << ": types " << written << "; write {fact:" << f.name << "}";
      }
    }
  }
}

TEST(ShippedLessons, FormatMdListsEveryFact) {
  std::ifstream in(source_dir() + "/lessons/FORMAT.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const auto begin = doc.find("<!-- facts -->"), end = doc.find("<!-- end of facts -->");
  ASSERT_NE(begin, std::string::npos) << "lessons/FORMAT.md has no list of facts";
  ASSERT_NE(end, std::string::npos);
  std::set<std::string> listed;
  std::istringstream rows(doc.substr(begin, end - begin));
  for (std::string row; std::getline(rows, row);)
    if (row.rfind("| `", 0) == 0) listed.insert(row.substr(3, row.find('`', 3) - 3));
  std::set<std::string> known;
  for (const LessonFact& f : lesson_facts()) known.insert(f.name);
  EXPECT_EQ(listed, known);
}

TEST(ShippedLessons, SectionsAreNumberedWithoutGaps) {
  const LessonLibrary library = LessonLibrary::load(source_dir() + "/lessons");
  ASSERT_FALSE(library.sections().empty());
  for (std::size_t i = 0; i < library.sections().size(); ++i)
    EXPECT_EQ(library.sections()[i].title.rfind(std::to_string(i + 1) + ". ", 0), 0u)
        << "section " << i + 1 << " is titled '" << library.sections()[i].title << "'";
}

}  // namespace
}  // namespace whygpu::app
