#include "app/shell/imgui_layout.h"

#include <imgui.h>

#include <filesystem>

#include "compute/core/text_file.h"

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxLayoutBytes = std::size_t{1} << 20;  // a few windows' positions

}  // namespace

Status load_imgui_layout(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return Status::ok();
  std::string text;
  if (Status s = read_text_file(path, &text, kMaxLayoutBytes); !s) return s;
  ImGui::LoadIniSettingsFromMemory(text.data(), text.size());
  return Status::ok();
}

Status save_imgui_layout_if_asked(const std::string& path) {
  if (!ImGui::GetIO().WantSaveIniSettings) return Status::ok();
  return save_imgui_layout(path);
}

Status save_imgui_layout(const std::string& path) {
  ImGui::GetIO().WantSaveIniSettings = false;  // asked once; a failure is reported, not retried every frame
  std::size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  return write_file_atomically(path, std::string_view(text, size));
}

}  // namespace whygpu::app
