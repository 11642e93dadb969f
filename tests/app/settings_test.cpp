#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/settings.h"

namespace whygpu::app {
namespace {

std::string temp_folder(const char* name) {
  const auto folder = std::filesystem::temp_directory_path() / ("whygpu-test-" + std::to_string(::getpid()) + name);
  std::filesystem::remove_all(folder);
  return folder.string();
}

TEST(Settings, RoundTrip) {
  const std::string folder = temp_folder("settings");
  Settings s;
  s.font_scale = 2.0f;
  s.dark_theme = false;
  s.last_lesson = "cpu-vs-gpu";
  s.window_width = 1280;
  std::string error;
  ASSERT_TRUE(save_settings(s, folder, &error)) << error;
  const Settings back = load_settings(folder);
  EXPECT_FLOAT_EQ(back.font_scale, 2.0f);
  EXPECT_FALSE(back.dark_theme);
  EXPECT_EQ(back.last_lesson, "cpu-vs-gpu");
  EXPECT_EQ(back.window_width, 1280);
  EXPECT_FALSE(std::filesystem::exists(folder + "/settings.ini.tmp"));
  std::filesystem::remove_all(folder);
}

TEST(Settings, BadValuesKeepDefaultsAndClamp) {
  const std::string folder = temp_folder("bad");
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/settings.ini") << "font_scale=huge\nwindow_width=5\ngarbage\nsidebar_width=1e9\n";
  const Settings s = load_settings(folder);
  EXPECT_FLOAT_EQ(s.font_scale, Settings{}.font_scale);
  EXPECT_EQ(s.window_width, 640);
  EXPECT_FLOAT_EQ(s.sidebar_width, 900.0f);
  std::filesystem::remove_all(folder);
}

TEST(Settings, FolderFollowsXdg) {
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(settings_folder(), "/tmp/xdg-test/whygpu");
  ::unsetenv("XDG_CONFIG_HOME");
}

}  // namespace
}  // namespace whygpu::app
