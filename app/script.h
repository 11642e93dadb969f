#pragma once
// UI scripts: a list of actions played one per frame, the same way in a window and
// headless. They drive classroom demos and UI tests. Syntax (one action a line; lines starting with '#' are comments):
//   lesson ID                 open a lesson          next / previous
//   set PANEL KEY VALUE       set a panel parameter  press PANEL BUTTON
//   wait FRAMES               let frames pass        wait-idle PANEL [SECONDS]  (default 120)
//   screenshot FILE.png       font-scale X           theme dark|light
//   expect-no-errors          fail if the open lesson or its panels report errors
//   quit
// PANEL is a panel's id= in the lesson, or its type name (the first of that type).
#include <string>
#include <vector>

namespace whygpu::app {

struct ScriptAction {
  std::string verb;
  std::vector<std::string> args;
  int line = 0;
};

struct Script {
  std::string file;
  std::vector<ScriptAction> actions;
};

// Parses and checks verbs and argument counts; on error returns false with "file:line: ...".
bool parse_script(const std::string& text, const std::string& file, Script* script, std::string* error);
bool load_script(const std::string& path, Script* script, std::string* error);

}  // namespace whygpu::app
