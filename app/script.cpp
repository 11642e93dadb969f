#include "app/script.h"

#include <fstream>
#include <map>
#include <sstream>

namespace whygpu::app {
namespace {

struct Arity {
  int min;
  int max;
};

const std::map<std::string, Arity>& verbs() {
  static const std::map<std::string, Arity> table = {
      {"lesson", {1, 1}},     {"next", {0, 0}},       {"previous", {0, 0}},
      {"set", {3, 3}},        {"press", {2, 2}},      {"wait", {1, 1}},
      {"wait-idle", {1, 2}},  {"screenshot", {1, 1}}, {"font-scale", {1, 1}},
      {"theme", {1, 1}},      {"expect-no-errors", {0, 0}}, {"quit", {0, 0}},
  };
  return table;
}

// Splits on spaces; "double quotes" keep spaces inside one argument.
std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, any = false;
  for (const char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\r')) {
      if (any) words.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) words.push_back(word);
  return words;
}

}  // namespace

bool parse_script(const std::string& text, const std::string& file, Script* script, std::string* error) {
  script->file = file;
  script->actions.clear();
  std::istringstream in(text);
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    std::vector<std::string> words = split_words(line);
    if (words.empty() || words[0][0] == '#') continue;
    const std::string where = file + ":" + std::to_string(line_no) + ": ";
    const auto verb = verbs().find(words[0]);
    if (verb == verbs().end()) {
      *error = where + "unknown action '" + words[0] + "'";
      return false;
    }
    const int count = static_cast<int>(words.size()) - 1;
    if (count < verb->second.min || count > verb->second.max) {
      *error = where + "'" + words[0] + "' takes " + std::to_string(verb->second.min) +
               (verb->second.max != verb->second.min ? " to " + std::to_string(verb->second.max) : "") +
               " argument(s), got " + std::to_string(count);
      return false;
    }
    if (words[0] == "wait") {
      char* end = nullptr;
      const long frames = std::strtol(words[1].c_str(), &end, 10);
      if (*end != '\0' || frames < 0 || frames > 1000000) {
        *error = where + "wait wants a number of frames";
        return false;
      }
    }
    script->actions.push_back({words[0], {words.begin() + 1, words.end()}, line_no});
  }
  return true;
}

bool load_script(const std::string& path, Script* script, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read script " + path;
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_script(text.str(), path, script, error);
}

}  // namespace whygpu::app
