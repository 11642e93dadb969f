#pragma once
// ImGui's window layout (imgui.ini). ImGui's own loading and saving (io.IniFilename) open
// the file with fopen: a FIFO there hung the start, and a crash mid-write lost the layout.
// The caller keeps io.IniFilename null and calls these instead: the file is read through
// read_text_file (up to 1 MiB; a FIFO, a device or a folder is refused at once, by name)
// and handed to ImGui::LoadIniSettingsFromMemory; it is saved through
// write_file_atomically (compute/core/text_file.h), which keeps its permissions and
// refuses to replace a link or anything else but a regular file.
#include <string>

#include "compute/core/status.h"

namespace whygpu::app {

// A missing file is no error (first start); a damaged one is ImGui's to skip line by line.
Status load_imgui_layout(const std::string& path);
// Saves when ImGui asks (io.WantSaveIniSettings: a window moved a while ago), else nothing.
Status save_imgui_layout_if_asked(const std::string& path);
Status save_imgui_layout(const std::string& path);

}  // namespace whygpu::app
