#pragma once
// ImGui's window layout (imgui.ini), read at start and saved through write_file_atomically:
// ImGui's own saving (io.IniFilename) writes the file in place, so a crash mid-write lost
// the layout. The caller keeps io.IniFilename null and calls these.
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

// A missing file is no error (first start); a damaged one is ImGui's to skip line by line.
Status load_imgui_layout(const std::string& path);
// Saves when ImGui asks (io.WantSaveIniSettings: a window moved a while ago), else nothing.
Status save_imgui_layout_if_asked(const std::string& path);
Status save_imgui_layout(const std::string& path);

}  // namespace whygpu::app
