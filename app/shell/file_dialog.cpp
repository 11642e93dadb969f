#include "app/shell/file_dialog.h"

#include <imgui.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <utility>

#include "app/i18n/translate.h"

namespace whygpu::app {
namespace {

// 'it'\''s' quoting: any path is one word to the shell.
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Debian's zenity; the check is made once.
bool zenity_installed() {
  static const bool found = ::access("/usr/bin/zenity", X_OK) == 0;
  return found;
}

// The chosen path, or empty when the dialog was cancelled.
std::string run_dialog(const std::string& command) {
  std::string out;
  if (std::FILE* pipe = ::popen(command.c_str(), "r")) {
    char chunk[4096];
    while (std::size_t n = std::fread(chunk, 1, sizeof chunk, pipe)) out.append(chunk, n);
    ::pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

std::string file_dialog_command(PickWhat what, const std::string& start) {
  std::string command = "zenity --file-selection --title=";
  command += shell_quoted(what == PickWhat::kFolder ? tr("whygpu: choose a folder") : tr("whygpu: choose a file"));
  if (what == PickWhat::kFolder) command += " --directory";
  if (!start.empty()) command += " --filename=" + shell_quoted(start);
  return command + " 2>/dev/null";
}

bool FileChooser::available() { return zenity_installed(); }

void FileChooser::start(PickWhat what, const std::string& start) {
  if (!chosen_.valid()) chosen_ = std::async(std::launch::async, run_dialog, file_dialog_command(what, start));
}

bool FileChooser::take(std::string* chosen) {
  if (!chosen_.valid() || chosen_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
  std::string path = chosen_.get();
  if (path.empty()) return false;  // cancelled
  *chosen = std::move(path);
  return true;
}

bool OpenButton::draw(const char* id, PickWhat what, const std::string& start, std::string* chosen) {
  ImGui::PushID(id);
  const bool waiting = chooser_.choosing();
  ImGui::BeginDisabled(waiting || !FileChooser::available());
  const std::string label = std::string(waiting ? tr("Choosing...") : tr("Open...")) + "###open";  // one id either way
  if (ImGui::Button(label.c_str())) chooser_.start(what, start);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !FileChooser::available())
    ImGui::SetTooltip("%s", what == PickWhat::kFolder
                                ? tr("no file dialog here (install zenity): type the path, or drop the folder onto the window")
                                : tr("no file dialog here (install zenity): type the path, or drop the file onto the window"));
  ImGui::PopID();
  return chooser_.take(chosen);
}

}  // namespace whygpu::app
