#pragma once
// A lesson page as parsed from a file under lessons/ (format: lessons/FORMAT.md).
// Plain data: the shell lays it out, panels come from its `@panel` blocks.
#include <map>
#include <string>
#include <vector>

namespace whygpu::app {

// A run of inline text in one style (`*emphasis*`, `**strong**`, `` `code` ``), or a fact
// named `{fact:NAME}` (text: NAME), whose value is read when the page is drawn.
struct TextSpan {
  enum class Style { plain, emphasis, strong, code, fact };
  Style style = Style::plain;
  std::string text;
};

struct LessonBlock {
  enum class Kind { heading1, heading2, paragraph, bullet, numbered, callout, code, panel, predict };
  Kind kind = Kind::paragraph;
  std::vector<TextSpan> spans;                  // heading, paragraph, bullet, numbered, callout
  std::string number;                           // numbered: its marker as written, "3."
  std::string code;                             // code block text, verbatim
  std::string panel_type;                       // panel: the name after @panel
  std::map<std::string, std::string> params;    // panel and predict: key=value
  int line = 0;                                 // where the block starts in the file
};

struct LessonError {
  std::string file;
  int line = 0;
  std::string message;
  std::string to_string() const;  // "lessons/x.lesson:12: unknown key 'foo'"
};

struct Lesson {
  std::string id;       // stable name for --lesson and scripts
  std::string title;
  std::string section;  // lessons are grouped by section in file order
  // A translation's (lessons/FORMAT.md, "Translations"): its language code, and the hash of
  // the English original it translates. Both empty in an English original.
  std::string language;
  std::string translates;
  std::string file;     // path it was read from
  std::vector<LessonBlock> blocks;
  std::vector<LessonError> errors;  // shown on the page; the rest of the lesson still shows
};

// Parses lesson text. Never fails as a whole: problems go to lesson.errors with lines.
Lesson parse_lesson(const std::string& text, const std::string& file);

// Splits inline markup into styled spans; unclosed markers stay literal.
std::vector<TextSpan> parse_inline(const std::string& text);

// A fact named in text, `{fact:cnn.train_images}`: a number about the app's own data or
// recordings that is read from them, never typed (app/lesson/lesson_facts.h has the names). A
// name is lowercase letters, digits, '.', '_' and '-'; anything else stays literal text.
struct FactRef {
  std::size_t begin = 0, end = 0;  // the whole `{fact:...}` in the text
  std::string name;
};
std::vector<FactRef> find_fact_refs(const std::string& text);

}  // namespace whygpu::app
