#include "app/settings.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace whygpu::app {

std::string settings_folder() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::string(xdg) + "/whygpu";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.config/whygpu";
  return ".whygpu";
}

Settings load_settings(const std::string& folder) {
  Settings s;
  std::ifstream in(folder + "/settings.ini");
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq);
    const std::string value = line.substr(eq + 1);
    try {
      if (key == "font_scale") s.font_scale = std::stof(value);
      else if (key == "dark_theme") s.dark_theme = value == "1";
      else if (key == "last_lesson") s.last_lesson = value;
      else if (key == "window_width") s.window_width = std::stoi(value);
      else if (key == "window_height") s.window_height = std::stoi(value);
      else if (key == "window_maximized") s.window_maximized = value == "1";
      else if (key == "sidebar_width") s.sidebar_width = std::stof(value);
    } catch (const std::exception&) {
      // A hand-edited bad value keeps its default.
    }
  }
  s.font_scale = std::clamp(s.font_scale, Settings::min_font_scale, Settings::max_font_scale);
  s.window_width = std::clamp(s.window_width, 640, 16384);
  s.window_height = std::clamp(s.window_height, 480, 16384);
  s.sidebar_width = std::clamp(s.sidebar_width, 150.0f, 900.0f);
  return s;
}

bool save_settings(const Settings& s, const std::string& folder, std::string* error) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  const std::string path = folder + "/settings.ini";
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::trunc);
    out << "font_scale=" << s.font_scale << "\n"
        << "dark_theme=" << (s.dark_theme ? 1 : 0) << "\n"
        << "last_lesson=" << s.last_lesson << "\n"
        << "window_width=" << s.window_width << "\n"
        << "window_height=" << s.window_height << "\n"
        << "window_maximized=" << (s.window_maximized ? 1 : 0) << "\n"
        << "sidebar_width=" << s.sidebar_width << "\n";
    if (!out.flush()) {
      if (error) *error = "cannot write " + temp;
      return false;
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    if (error) *error = "cannot replace " + path;
    return false;
  }
  return true;
}

}  // namespace whygpu::app
