#include "app/lesson/lesson.h"

#include <cctype>
#include <sstream>

#include "app/lesson/text_limits.h"
#include "app/text/cjk.h"

namespace whygpu::app {
namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// `key=value key="value with spaces"` after a directive (and after @panel's name).
bool parse_params(const std::string& rest, std::size_t i, LessonBlock& block, std::string& problem) {
  auto skip_spaces = [&] { while (i < rest.size() && std::isspace(static_cast<unsigned char>(rest[i]))) ++i; };
  for (skip_spaces(); i < rest.size(); skip_spaces()) {
    std::string key;
    while (i < rest.size() && rest[i] != '=' && !std::isspace(static_cast<unsigned char>(rest[i]))) key += rest[i++];
    if (i >= rest.size() || rest[i] != '=') {
      problem = "parameter '" + key + "' has no value (write " + key + "=VALUE)";
      return false;
    }
    ++i;  // '='
    std::string value;
    if (i < rest.size() && rest[i] == '"') {
      const auto close = rest.find('"', i + 1);
      if (close == std::string::npos) {
        problem = "parameter '" + key + "' has an unclosed quote";
        return false;
      }
      value = rest.substr(i + 1, close - i - 1);
      i = close + 1;
    } else {
      while (i < rest.size() && !std::isspace(static_cast<unsigned char>(rest[i]))) value += rest[i++];
    }
    if (block.params.count(key)) {
      problem = "parameter '" + key + "' is given twice";
      return false;
    }
    block.params[key] = value;
  }
  return true;
}

bool parse_panel_line(const std::string& rest, LessonBlock& block, std::string& problem) {
  std::size_t i = 0;
  while (i < rest.size() && std::isspace(static_cast<unsigned char>(rest[i]))) ++i;
  while (i < rest.size() && !std::isspace(static_cast<unsigned char>(rest[i]))) block.panel_type += rest[i++];
  if (block.panel_type.empty()) {
    problem = "@panel needs a panel name, e.g. '@panel vector-add-sweep max=26'";
    return false;
  }
  return parse_params(rest, i, block, problem);
}

// The fact `{fact:NAME}` starting at `at`, if one does.
bool fact_ref_at(const std::string& text, std::size_t at, FactRef* out) {
  static const std::string open = "{fact:";
  if (text.compare(at, open.size(), open) != 0) return false;
  constexpr std::size_t kLongestName = 64;
  std::size_t i = at + open.size();
  while (i < text.size() && i - at - open.size() <= kLongestName &&
         (std::islower(static_cast<unsigned char>(text[i])) || std::isdigit(static_cast<unsigned char>(text[i])) ||
          text[i] == '.' || text[i] == '_' || text[i] == '-'))
    ++i;
  if (i == at + open.size() || i >= text.size() || text[i] != '}') return false;
  *out = {at, i + 1, text.substr(at + open.size(), i - at - open.size())};
  return true;
}

}  // namespace

std::vector<FactRef> find_fact_refs(const std::string& text) {
  std::vector<FactRef> refs;
  FactRef ref;
  for (std::size_t at = text.find("{fact:"); at != std::string::npos; at = text.find("{fact:", at + 1))
    if (fact_ref_at(text, at, &ref)) refs.push_back(ref);
  return refs;
}

std::string LessonError::to_string() const {
  return file + ":" + std::to_string(line) + ": " + message;
}

std::vector<TextSpan> parse_inline(const std::string& text) {
  std::vector<TextSpan> spans;
  auto emit = [&](TextSpan::Style style, std::string s) {
    if (s.empty()) return;
    if (!spans.empty() && spans.back().style == style && style != TextSpan::Style::fact) spans.back().text += s;
    else spans.push_back({style, std::move(s)});
  };
  std::string plain;
  // Where each marker's next occurrence was found last: a later search that starts before
  // it finds it again, and one after a failed search fails too, so a text full of
  // unclosed markers is read in one pass instead of once per marker.
  struct Found {
    std::size_t from = std::string::npos;
    std::size_t at = std::string::npos;
  };
  Found found[3];  // "**", "*", "`"
  auto find_close = [&](int kind, const std::string& marker, std::size_t from) {
    Found& f = found[kind];
    if (f.from != std::string::npos && from >= f.from && (f.at == std::string::npos || from <= f.at)) return f.at;
    f = {from, text.find(marker, from)};
    return f.at;
  };
  std::size_t i = 0;
  FactRef fact;
  while (i < text.size()) {
    if (text[i] == '{' && fact_ref_at(text, i, &fact)) {
      emit(TextSpan::Style::plain, plain);
      plain.clear();
      emit(TextSpan::Style::fact, fact.name);
      i = fact.end;
      continue;
    }
    const bool strong = text.compare(i, 2, "**") == 0;
    const char c = text[i];
    if (strong || c == '*' || c == '`') {
      const std::string marker = strong ? "**" : std::string(1, c);
      const auto close = find_close(strong ? 0 : c == '*' ? 1 : 2, marker, i + marker.size());
      if (close != std::string::npos && close > i + marker.size()) {
        emit(TextSpan::Style::plain, plain);
        plain.clear();
        const auto style = strong ? TextSpan::Style::strong
                           : c == '*' ? TextSpan::Style::emphasis
                                      : TextSpan::Style::code;
        emit(style, text.substr(i + marker.size(), close - i - marker.size()));
        i = close + marker.size();
        continue;
      }
    }
    plain += c;
    ++i;
  }
  emit(TextSpan::Style::plain, plain);
  return spans;
}

namespace {

// Reads a lesson line by line: the header, then the body's blocks. Every problem is kept
// with its line, and the page still opens with what could be read.
class LessonParser {
 public:
  LessonParser(const std::string& text, const std::string& file) : in_(text) { lesson_.file = file; }

  Lesson parse() && {
    parse_header();
    std::string raw;
    while (std::getline(in_, raw)) {
      ++line_no_;
      body_line(bounded(line_no_, raw, kLineLimit));
    }
    close_open();
    if (in_code_) error(code_block_.line, "code block never closed: add a line '```'");
    return std::move(lesson_);
  }

 private:
  void error(int line, std::string message) { lesson_.errors.push_back({lesson_.file, line, std::move(message)}); }

  // Text over its limit is reported and kept cut, so the page still opens.
  std::string bounded(int line, std::string_view text, const TextLimit& limit) {
    if (std::string problem = over_limit(text, limit); !problem.empty()) {
      error(line, problem);
      return within_limit(text, limit);
    }
    return std::string(text);
  }

  // Header: `key: value` lines up to a `---` line.
  void parse_header() {
    bool header_closed = false;
    std::string raw;
    while (std::getline(in_, raw)) {
      ++line_no_;
      const std::string line = trim(raw);  // each value has its own limit below
      if (line.empty() || starts_with(line, "//")) continue;
      if (line == "---") {
        header_closed = true;
        break;
      }
      header_line(line);
    }
    if (!header_closed) error(line_no_, "the header never ends: add a line '---' after it");
    if (lesson_.id.empty()) error(1, "the header has no 'id:'");
    if (lesson_.title.empty()) error(1, "the header has no 'title:'");
    if (lesson_.section.empty()) error(1, "the header has no 'section:'");
    for (const char c : lesson_.id) {
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) {
        error(1, "id '" + lesson_.id + "' may hold only letters, digits, '-' and '_'");
        break;
      }
    }
  }

  void header_line(const std::string& line) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      error(line_no_, "expected 'key: value' in the header (id, title, section), then '---'");
      return;
    }
    const std::string key = trim(line.substr(0, colon));
    const std::string value = trim(line.substr(colon + 1));
    // Each header key once: what it sets and how long it may be.
    struct HeaderKey {
      const char* key;
      std::string Lesson::*member;
      const TextLimit& limit;
    };
    static const HeaderKey kHeaderKeys[] = {
        {"id", &Lesson::id, kIdLimit},
        {"title", &Lesson::title, kTitleLimit},
        {"section", &Lesson::section, kSectionLimit},
        {"language", &Lesson::language, kIdLimit},      // a translation's
        {"translates", &Lesson::translates, kIdLimit},  // a translation's
    };
    for (const HeaderKey& h : kHeaderKeys)
      if (key == h.key) {
        lesson_.*h.member = bounded(line_no_, value, h.limit);
        return;
      }
    error(line_no_, "unknown header key '" + within_limit(key, kIdLimit) +
                        "' (known: id, title, section; in a translation, language and translates)");
  }

  // The paragraph, bullet or callout still open gets its text, parsed for inline styles.
  void close_open() {
    if (open_block_ >= 0)
      lesson_.blocks[open_block_].spans =
          parse_inline(bounded(lesson_.blocks[open_block_].line, open_text_, kBlockLimit));
    open_block_ = -1;
    open_text_.clear();
  }

  void start(LessonBlock::Kind kind, const std::string& content) {
    close_open();
    LessonBlock block;
    block.kind = kind;
    block.line = line_no_;
    lesson_.blocks.push_back(block);
    open_block_ = static_cast<int>(lesson_.blocks.size()) - 1;
    open_text_ = content;
  }

  // Body. A paragraph, bullet or callout stays open while later lines continue it.
  void body_line(const std::string& raw) {
    if (in_code_) {
      if (trim(raw) == "```") {
        in_code_ = false;
        code_block_.code = bounded(code_block_.line, code_block_.code, kCodeLimit);
        lesson_.blocks.push_back(code_block_);
      } else {
        code_block_.code += raw + "\n";
      }
      return;
    }
    const std::string line = trim(raw);
    if (line.empty()) {
      close_open();
      return;
    }
    if (starts_with(line, "//")) return;  // author's comment
    if (starts_with(line, "```")) {
      close_open();
      in_code_ = true;
      code_block_ = LessonBlock{};
      code_block_.kind = LessonBlock::Kind::code;
      code_block_.line = line_no_;
      return;
    }
    if (starts_with(line, "@")) {
      close_open();
      directive(line);
      return;
    }
    text_line(line);
  }

  void directive(const std::string& line) {
    const std::string name = line.substr(0, line.find(' '));
    LessonBlock block;
    block.line = line_no_;
    std::string problem;
    bool ok = false;
    if (name == "@panel") {
      block.kind = LessonBlock::Kind::panel;
      ok = parse_panel_line(line.substr(name.size()), block, problem);
    } else if (name == "@predict") {
      block.kind = LessonBlock::Kind::predict;
      ok = parse_params(line, name.size(), block, problem);
    } else {
      problem = "unknown directive '" + name + "' (known: @panel, @predict)";
    }
    if (ok) lesson_.blocks.push_back(std::move(block));
    else error(line_no_, problem);
  }

  void text_line(const std::string& line) {
    if (starts_with(line, "## ")) {
      start(LessonBlock::Kind::heading2, trim(line.substr(3)));
      close_open();
    } else if (starts_with(line, "# ")) {
      start(LessonBlock::Kind::heading1, trim(line.substr(2)));
      close_open();
    } else if (starts_with(line, "- ")) {
      start(LessonBlock::Kind::bullet, trim(line.substr(2)));
    } else if (const std::size_t digits = line.find_first_not_of("0123456789");
               digits > 0 && digits != std::string::npos && line.compare(digits, 2, ". ") == 0) {
      start(LessonBlock::Kind::numbered, trim(line.substr(digits + 2)));
      lesson_.blocks.back().number = line.substr(0, digits + 1);
    } else if (starts_with(line, "> ")) {
      if (open_block_ >= 0 && lesson_.blocks[open_block_].kind == LessonBlock::Kind::callout)
        append_source_line(open_text_, trim(line.substr(2)));
      else start(LessonBlock::Kind::callout, trim(line.substr(2)));
    } else if (open_block_ >= 0) {
      append_source_line(open_text_, line);  // no space between two lines of Chinese
    } else {
      start(LessonBlock::Kind::paragraph, line);
    }
  }

  Lesson lesson_;
  std::istringstream in_;
  int line_no_ = 0;
  int open_block_ = -1;  // the block later lines continue, or -1
  std::string open_text_;
  bool in_code_ = false;
  LessonBlock code_block_;
};

}  // namespace

Lesson parse_lesson(const std::string& text, const std::string& file) { return LessonParser(text, file).parse(); }

}  // namespace whygpu::app
