#pragma once
// UI scripts: a list of actions played one per frame, the same way in a window and
// headless. They drive classroom demos and UI tests. The verbs, their arguments and what
// they do are in lessons/FORMAT.md ("Scripts"); script_verbs() is the list it documents.
// PANEL is a panel's id= in the lesson, or its type name (the first of that type).
#include <cstddef>
#include <string>
#include <vector>

namespace whygpu::app {

struct ScriptAction {
  std::string verb;
  std::vector<std::string> args;
  int line = 0;
  // Numbers read and checked by the parser: wait's frames, or its seconds when written
  // "2s"; wait-idle's time limit in seconds; font-scale's scale.
  long frames = 0;
  double seconds = 0.0;
  double scale = 0.0;
};

struct Script {
  std::string file;
  std::vector<ScriptAction> actions;
  // A translation's metadata, from its `language CODE` and `translates HASH` lines (lessons/
  // FORMAT.md, "Translations"); empty in an English original. Not actions: nothing plays them.
  std::string language;
  std::string translates;
  // The file beside which the files its `set` lines name are looked for (document_paths.h):
  // `file`, or for demos played one after another, the first (they share the demos folder).
  std::string document;
};

struct ScriptVerb {
  const char* name;
  int min_args;
  int max_args;     // -1: the rest of the line is one argument (caption)
  const char* usage;
  const char* help;
};
const std::vector<ScriptVerb>& script_verbs();

// The largest script file read: a demo is a few kilobytes.
inline constexpr std::size_t kMaxScriptBytes = 1 << 20;

// Parses and checks verbs and arguments; on error returns false with "file:line: ...".
bool parse_script(const std::string& text, const std::string& file, Script* script, std::string* error);
// Reads through read_text_file (compute/core/text_file.h): a FIFO, a device, a folder or a
// file over 1 MiB is refused at once ("cannot read script PATH: ..."), then parses.
bool load_script(const std::string& path, Script* script, std::string* error);

}  // namespace whygpu::app
