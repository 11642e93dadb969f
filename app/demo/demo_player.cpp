#include "app/demo/demo_player.h"

#include <algorithm>
#include <filesystem>

#include "app/i18n/translate.h"

namespace whygpu::app {

std::vector<std::string> demo_files(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".script" && language_of_file(entry.path().string()).empty())
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

bool load_demos(const std::vector<std::string>& files, Script* script, std::string* error) {
  script->file = files.size() == 1 ? files.front() : "the demos";
  script->document = files.empty() ? "" : files.front();
  script->actions.clear();
  for (const std::string& file : files) {
    Script one;
    if (!load_script(file, &one, error)) return false;
    script->actions.insert(script->actions.end(), one.actions.begin(), one.actions.end());
  }
  return true;
}

DemoPlayer::DemoPlayer(const std::string& demos_folder) : files_(demo_files(demos_folder)) {}

Status DemoPlayer::start(const std::string& path, const std::string& language) {
  Script script;
  std::string error;
  const std::string chosen = script_in_language(path, language, &english_because_);
  if (!load_script(chosen, &script, &error)) return Status::error(error);
  player_ = std::make_unique<ScriptPlayer>(std::move(script));
  name_ = std::filesystem::path(path).stem().string();
  return Status::ok();
}

Status DemoPlayer::prepare(const std::vector<std::string>& files) {
  Script script;
  std::string error;
  if (!load_demos(files, &script, &error)) return Status::error(error);
  player_ = std::make_unique<ScriptPlayer>(std::move(script));
  player_->set_fast(true);
  name_ = tr("preparing the class");
  return Status::ok();
}

void DemoPlayer::stop() { player_.reset(); }

DemoPlayer::Frame DemoPlayer::advance(ScriptTarget& target) {
  Frame frame;
  if (!player_) return frame;
  const ScriptPlayer::Step step = player_->advance(target);
  frame.capture = step.screenshot;
  if (!step.error.empty()) {
    frame.message = fill(tr("demo stopped: {0}"), {step.error});
    frame.is_error = true;
  } else if (step.finished) {
    frame.message = fill(tr("demo {0} finished"), {name_});
  }
  if (step.finished) player_.reset();
  return frame;
}

}  // namespace whygpu::app
