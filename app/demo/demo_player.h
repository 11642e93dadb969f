#pragma once
// Classroom demos: the *.script files in the lessons folder's demos/ sub-folder, played
// inside the running window from the Demos menu, paced by the presenter's keys.
#include <memory>
#include <string>
#include <vector>

#include "app/demo/script_player.h"
#include "app/lesson/translation.h"
#include "compute/core/status.h"

namespace whygpu::app {

// The demo scripts in `folder`, sorted by name: the English originals (a translation,
// *.LANG.script, is played in their place by DemoPlayer::start).
std::vector<std::string> demo_files(const std::string& folder);

// The demos named (file paths) as one script, in order: what "Prepare the class" plays.
bool load_demos(const std::vector<std::string>& files, Script* script, std::string* error);

class DemoPlayer {
 public:
  explicit DemoPlayer(const std::string& demos_folder);

  const std::vector<std::string>& files() const { return files_; }
  // Plays the demo `path` (an original) in `language`: its translation where that is
  // current, else the original (english_because() says why).
  Status start(const std::string& path, const std::string& language);
  TranslationState english_because() const { return english_because_; }
  // Plays `files` one after another, fast (ScriptPlayer::set_fast): "Prepare the class".
  Status prepare(const std::vector<std::string>& files);
  void stop();
  bool playing() const { return player_ != nullptr; }
  ScriptPlayer* player() { return player_.get(); }
  const std::string& name() const { return name_; }  // the demo's file name, or "preparing the class" translated

  struct Frame {
    std::string capture;  // a screenshot the demo asked for
    std::string message;  // for the status bar, when something happened
    bool is_error = false;
  };
  // Once per frame before drawing.
  Frame advance(ScriptTarget& target);

 private:
  std::vector<std::string> files_;
  std::unique_ptr<ScriptPlayer> player_;
  std::string name_;
  TranslationState english_because_ = TranslationState::current;
};

}  // namespace whygpu::app
