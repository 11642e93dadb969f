#include "app/demo/script.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "app/lesson/text_limits.h"
#include "app/shell/settings.h"
#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

constexpr long kMaxWaitFrames = 1000000;
constexpr double kMaxWaitSeconds = 3600.0;
constexpr double kMaxIdleSeconds = 86400.0;
constexpr double kDefaultIdleSeconds = 120.0;

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

// The text after the verb, spaces kept, surrounding quotes dropped: a caption.
std::string rest_of_line(const std::string& line, const std::string& verb) {
  std::string rest = line.substr(line.find(verb) + verb.size());
  const auto first = rest.find_first_not_of(" \t");
  const auto last = rest.find_last_not_of(" \t\r");
  rest = first == std::string::npos ? "" : rest.substr(first, last - first + 1);
  if (rest.size() >= 2 && rest.front() == '"' && rest.back() == '"') rest = rest.substr(1, rest.size() - 2);
  return rest;
}

bool read_finite(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0' && std::isfinite(*out);
}

// Arguments with a form (numbers, on or off, a file name, a stop's target), checked here
// so that a bad script fails before it starts.
std::string check_numbers(ScriptAction* action) {
  const auto& a = action->args;
  if (action->verb == "wait") {
    double value = 0;
    if (a[0].size() > 1 && a[0].back() == 's') {
      if (!read_finite(a[0].substr(0, a[0].size() - 1), &value) || value < 0 || value > kMaxWaitSeconds)
        return "wait wants frames (0 to 1000000) or seconds such as 2s (up to 3600s)";
      action->seconds = value;
      return "";
    }
    char* end = nullptr;
    const long frames = std::strtol(a[0].c_str(), &end, 10);
    if (*end != '\0' || frames < 0 || frames > kMaxWaitFrames)
      return "wait wants frames (0 to 1000000) or seconds such as 2s (up to 3600s)";
    action->frames = frames;
  } else if (action->verb == "wait-idle") {
    action->seconds = kDefaultIdleSeconds;
    if (a.size() > 1 && (!read_finite(a[1], &action->seconds) || action->seconds <= 0 ||
                         action->seconds > kMaxIdleSeconds))
      return "wait-idle's time limit must be seconds from 0 to 86400 (got '" + a[1] + "')";
  } else if (action->verb == "font-scale") {
    double scale = 0;
    if (!read_finite(a[0], &scale) || scale < Settings::min_font_scale || scale > Settings::max_font_scale)
      return "font-scale must be a number from 0.75 to 3 (got '" + a[0] + "')";
    action->scale = scale;
  } else if (action->verb == "presenter" && a[0] != "on" && a[0] != "off") {
    return "presenter wants on or off (got '" + a[0] + "')";
  } else if (action->verb == "theme" && a[0] != "dark" && a[0] != "light") {
    return "theme wants dark or light (got '" + a[0] + "')";
  } else if (action->verb == "wait-key" && !a.empty()) {
    const auto colon = a[0].find(':');
    const bool known = colon == std::string::npos ||
                       (colon > 0 && a[0].compare(colon, std::string::npos, ":predict") == 0);
    if (!known)
      return "wait-key's target is PANEL or PANEL:predict, the question asked before the panel (got '" + a[0] + "')";
  } else if (action->verb == "screenshot") {
    // A script is a document: it names the picture, the user's export folder holds it.
    const std::string& name = a[0];
    const bool png = name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0;
    if (!png || name.find('/') != std::string::npos || name[0] == '.')
      return "screenshot saves into your export folder (--export-dir, File > Export folder), by a plain file name "
             "ending in .png (got '" + name + "')";
  }
  return "";
}

}  // namespace

const std::vector<ScriptVerb>& script_verbs() {
  static const std::vector<ScriptVerb> verbs = {
      {"lesson", 1, 1, "lesson ID", "open a lesson"},
      {"next", 0, 0, "next", "open the next lesson"},
      {"previous", 0, 0, "previous", "open the previous lesson"},
      {"set", 3, 3, "set PANEL KEY VALUE", "set a panel parameter, as a lesson directive would"},
      {"press", 2, 2, "press PANEL BUTTON", "press a panel's button"},
      {"predict", 1, 1, "predict VALUE|skip",
       "answer the page's first open @predict question: a number, a choice's number (from 1), or skip"},
      {"class-reveal", 0, 0, "class-reveal",
       "in a class session: put the class's answers to the page's question on the projector (without one: nothing)"},
      {"class-vote-again", 0, 0, "class-vote-again",
       "in a class session, after a reveal: the class votes a second time, shown beside the first (without one: nothing)"},
      {"wait", 1, 1, "wait FRAMES | wait 2s", "let frames or seconds pass"},
      {"wait-idle", 1, 2, "wait-idle PANEL [SECONDS]", "wait until the panel's background work is done (default 120 s)"},
      {"wait-key", 0, 1, "wait-key [PANEL|PANEL:predict]",
       "stop until the presenter presses Space or Right (a headless run goes on at once), with the panel or the "
       "question asked before it wholly in view"},
      {"presenter", 1, 1, "presenter on|off", "the presenting layout: the page at full width, captions in a band below it"},
      {"caption", 0, -1, "caption TEXT", "show TEXT in large type over the page (no text: hide it)"},
      {"scroll-to", 1, 1, "scroll-to PANEL", "scroll the page so that the panel is in view"},
      {"maximize", 1, 1, "maximize PANEL", "let one panel fill the window"},
      {"restore", 0, 0, "restore", "put a maximized panel back on its page"},
      {"screenshot", 1, 1, "screenshot NAME.png", "write a PNG of the window into the export folder"},
      {"font-scale", 1, 1, "font-scale X", "text size, 0.75 to 3"},
      {"theme", 1, 1, "theme dark|light", "colour theme"},
      {"expect-no-errors", 0, 0, "expect-no-errors", "fail if the open lesson shows errors"},
      {"quit", 0, 0, "quit", "end the script (a window closes too)"},
      {"language", 1, 1, "language CODE", "a translation's language (fr, it, zh-Hans, zh-Hant): metadata, nothing is done"},
      {"translates", 1, 1, "translates HASH",
       "the hash of the English script a translation translates: metadata, nothing is done"},
  };
  return verbs;
}

bool parse_script(const std::string& text, const std::string& file, Script* script, std::string* error) {
  script->file = file;
  script->document = file;
  script->actions.clear();
  script->language.clear();
  script->translates.clear();
  std::istringstream in(text);
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    const std::string where = file + ":" + std::to_string(line_no) + ": ";
    if (std::string problem = over_limit(line, kLineLimit); !problem.empty()) {
      *error = where + problem;
      return false;
    }
    std::vector<std::string> words = split_words(line);
    if (words.empty() || words[0][0] == '#') continue;
    const ScriptVerb* verb = nullptr;
    for (const ScriptVerb& v : script_verbs())
      if (words[0] == v.name) verb = &v;
    if (!verb) {
      *error = where + "unknown action '" + words[0] + "'";
      return false;
    }
    ScriptAction action{words[0], {words.begin() + 1, words.end()}, line_no};
    if (verb->max_args < 0) {
      action.args = {rest_of_line(line, words[0])};
      if (std::string problem = over_limit(action.args[0], kCaptionLimit); !problem.empty()) {
        *error = where + problem;
        return false;
      }
    } else {
      const int count = static_cast<int>(action.args.size());
      if (count < verb->min_args || count > verb->max_args) {
        *error = where + "'" + words[0] + "' takes " + std::to_string(verb->min_args) +
                 (verb->max_args != verb->min_args ? " to " + std::to_string(verb->max_args) : "") +
                 " argument(s), got " + std::to_string(count) + " (" + verb->usage + ")";
        return false;
      }
    }
    if (const std::string problem = check_numbers(&action); !problem.empty()) {
      *error = where + problem;
      return false;
    }
    if (action.verb == "language" || action.verb == "translates") {
      std::string& field = action.verb == "language" ? script->language : script->translates;
      if (!field.empty()) {
        *error = where + "'" + action.verb + "' is given twice";
        return false;
      }
      if (std::string problem = over_limit(action.args[0], kIdLimit); !problem.empty()) {
        *error = where + problem;
        return false;
      }
      field = action.args[0];
      continue;
    }
    script->actions.push_back(std::move(action));
  }
  return true;
}

bool load_script(const std::string& path, Script* script, std::string* error) {
  std::string text;
  if (const Status read = read_text_file(path, &text, kMaxScriptBytes); !read) {
    *error = "cannot read script " + read.message();
    return false;
  }
  return parse_script(text, path, script, error);
}

}  // namespace whygpu::app
