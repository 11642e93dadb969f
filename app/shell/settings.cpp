#include "app/shell/settings.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "app/files/file_locations.h"
#include "app/i18n/language.h"
#include "compute/core/text_file.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxSettingsBytes = 64 * 1024;  // a settings file is a dozen lines

// A number in [min, max] (NaN and infinities are not), else the default stays.
void read_number(const std::string& text, float min, float max, float* out) {
  char* end = nullptr;
  const float v = std::strtof(text.c_str(), &end);
  if (!text.empty() && *end == '\0' && std::isfinite(v) && v >= min && v <= max) *out = v;
}

void read_whole(const std::string& text, int min, int max, int* out) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (!text.empty() && *end == '\0' && v >= min && v <= max) *out = static_cast<int>(v);
}

void read_flag(const std::string& text, bool* out) {
  if (text == "1" || text == "0") *out = text == "1";
}

}  // namespace

std::string settings_folder() { return user_folder(UserFolder::kConfig); }

Settings load_settings(const std::string& folder, bool* found) {
  Settings s;
  const std::string path = folder + "/settings.ini";
  std::error_code ec;
  if (found) *found = fs::exists(path, ec);
  std::string text;
  // Missing, not a regular file (a folder, a FIFO), or far too large to be ours: defaults.
  if (!read_text_file(path, &text, kMaxSettingsBytes)) return s;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq);
    const std::string value = line.substr(eq + 1);
    if (key == "font_scale") read_number(value, Settings::min_font_scale, Settings::max_font_scale, &s.font_scale);
    else if (key == "dark_theme") read_flag(value, &s.dark_theme);
    else if (key == "last_lesson") s.last_lesson = value;
    else if (key == "window_width") read_whole(value, 640, 16384, &s.window_width);
    else if (key == "window_height") read_whole(value, 480, 16384, &s.window_height);
    else if (key == "window_maximized") read_flag(value, &s.window_maximized);
    else if (key == "sidebar_width")
      read_number(value, Settings::min_sidebar_width, Settings::max_sidebar_width, &s.sidebar_width);
    else if (key == "sidebar_visible") read_flag(value, &s.sidebar_visible);
    else if (key == "presenter_mode") read_flag(value, &s.presenter_mode);
    else if (key == "export_folder" && fs::path(value).is_absolute()) s.export_folder = value;
    else if (key == "language" && find_language(value))
      s.language = find_language(value)->code;
  }
  return s;
}

bool save_settings(const Settings& s, const std::string& folder, std::string* error) {
  // Never write what load_settings would refuse: a bad value in memory is saved as its default.
  const Settings defaults;
  auto within = [](float v, float min, float max, float fallback) {
    return std::isfinite(v) && v >= min && v <= max ? v : fallback;
  };
  Settings checked = s;
  checked.font_scale = within(s.font_scale, Settings::min_font_scale, Settings::max_font_scale, defaults.font_scale);
  checked.sidebar_width =
      within(s.sidebar_width, Settings::min_sidebar_width, Settings::max_sidebar_width, defaults.sidebar_width);
  checked.window_width = std::clamp(s.window_width, 640, 16384);
  checked.window_height = std::clamp(s.window_height, 480, 16384);
  std::error_code ec;
  fs::create_directories(folder, ec);
  std::ostringstream out;
  out << "font_scale=" << checked.font_scale << "\n"
      << "dark_theme=" << (s.dark_theme ? 1 : 0) << "\n"
      << "last_lesson=" << s.last_lesson << "\n"
      << "window_width=" << checked.window_width << "\n"
      << "window_height=" << checked.window_height << "\n"
      << "window_maximized=" << (s.window_maximized ? 1 : 0) << "\n"
      << "sidebar_width=" << checked.sidebar_width << "\n"
      << "sidebar_visible=" << (s.sidebar_visible ? 1 : 0) << "\n"
      << "presenter_mode=" << (s.presenter_mode ? 1 : 0) << "\n";
  if (find_language(s.language)) out << "language=" << find_language(s.language)->code << "\n";
  // A line break would start a line of its own: such a folder is not kept (the default is).
  if (fs::path(s.export_folder).is_absolute() && s.export_folder.find('\n') == std::string::npos)
    out << "export_folder=" << s.export_folder << "\n";
  if (const Status saved = write_file_atomically(folder + "/settings.ini", out.str()); !saved) {
    if (error) *error = saved.message();
    return false;
  }
  return true;
}

}  // namespace whygpu::app
