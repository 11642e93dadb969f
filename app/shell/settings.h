#pragma once
// User settings that persist between runs, in $XDG_CONFIG_HOME/whygpu/settings.ini
// (~/.config/whygpu/ when XDG_CONFIG_HOME is unset). ImGui's own layout file sits beside it.
#include <string>

namespace whygpu::app {

struct Settings {
  float font_scale = 1.0f;  // 1.0 = 18 px body text; projectors want 1.5 to 2.5
  bool dark_theme = true;
  std::string last_lesson;
  int window_width = 1600;
  int window_height = 950;
  bool window_maximized = false;
  float sidebar_width = 360.0f;  // at font scale 1
  bool sidebar_visible = true;
  // Presenting to a class (View menu, P; on while a demo plays): the page takes the whole
  // width (no lesson list), the frame counter is hidden, and captions get a band of their
  // own under the page instead of covering it.
  bool presenter_mode = false;
  // Where exports are saved (file_locations.h export_folder): an absolute path the user
  // chose (File menu, --export-dir); empty: the default, $XDG_DOCUMENTS_DIR/whygpu.
  std::string export_folder;
  // The interface's language (View menu, --language): a code of app/i18n/language.h, or
  // empty to follow the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
  std::string language;

  static constexpr float min_font_scale = 0.75f;
  static constexpr float max_font_scale = 3.0f;
  static constexpr float min_sidebar_width = 150.0f;
  static constexpr float max_sidebar_width = 900.0f;
};

// The folder settings live in (created on save).
std::string settings_folder();

// Missing or unreadable file: defaults. Read through read_text_file (compute/core/
// text_file.h), so a FIFO, a device, a folder or a file over 64 KiB at settings.ini gives
// defaults at once. Unknown keys and bad values (out of range, not a number, NaN) keep
// their defaults: a damaged file never stops the app. *found (if given) says whether
// there was a settings file at all (a first start).
Settings load_settings(const std::string& folder, bool* found = nullptr);

// Saved through write_file_atomically: a crash mid-write never leaves a half-written
// settings file; the file keeps its permissions (the settings hold nothing personal: a
// new file is 0644, one the user made 0600 stays 0600); a link or anything else but a
// regular file at settings.ini is refused and left alone. Returns false (and why) on failure.
bool save_settings(const Settings& settings, const std::string& folder, std::string* error);

}  // namespace whygpu::app
