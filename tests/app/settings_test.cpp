#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <cmath>
#include <fstream>
#include <sstream>

#include "app/shell/settings.h"
#include "compute/core/text_file.h"
#include "tests/cnn/temp_dir.h"
#include "tests/core/file_size_limit.h"
#include "tests/core/special_files.h"

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
  s.export_folder = "/home/pat/class exports";
  std::string error;
  ASSERT_TRUE(save_settings(s, folder, &error)) << error;
  const Settings back = load_settings(folder);
  EXPECT_EQ(back.export_folder, "/home/pat/class exports");
  EXPECT_FLOAT_EQ(back.font_scale, 2.0f);
  EXPECT_FALSE(back.dark_theme);
  EXPECT_EQ(back.last_lesson, "cpu-vs-gpu");
  EXPECT_EQ(back.window_width, 1280);
  EXPECT_FALSE(std::filesystem::exists(folder + "/settings.ini.tmp"));
  std::filesystem::remove_all(folder);
}

TEST(Settings, BadValuesKeepTheirDefaults) {
  const std::string folder = temp_folder("bad");
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/settings.ini") << "font_scale=huge\nwindow_width=5\ngarbage\nsidebar_width=1e9\n"
                                             "window_height=700\n";
  bool found = false;
  const Settings s = load_settings(folder, &found);
  EXPECT_TRUE(found);
  EXPECT_FLOAT_EQ(s.font_scale, Settings{}.font_scale);
  EXPECT_EQ(s.window_width, Settings{}.window_width);
  EXPECT_FLOAT_EQ(s.sidebar_width, Settings{}.sidebar_width);
  EXPECT_EQ(s.window_height, 700);
  std::filesystem::remove_all(folder);
}

// Seen for real: a run saved font_scale=nan, and every later start aborted in ImGui.
TEST(Settings, NotANumberIsNeitherLoadedNorSaved) {
  const std::string folder = temp_folder("nan");
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/settings.ini") << "font_scale=nan\nsidebar_width=nan\nfont_scale=inf\n";
  Settings s = load_settings(folder);
  EXPECT_FLOAT_EQ(s.font_scale, Settings{}.font_scale);
  EXPECT_FLOAT_EQ(s.sidebar_width, Settings{}.sidebar_width);
  s.font_scale = std::nanf("");
  s.sidebar_width = -3.0f;
  std::string error;
  ASSERT_TRUE(save_settings(s, folder, &error)) << error;
  std::ifstream in(folder + "/settings.ini");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str().find("nan"), std::string::npos) << text.str();
  EXPECT_FLOAT_EQ(load_settings(folder).font_scale, Settings{}.font_scale);
  EXPECT_FALSE(std::filesystem::exists(folder + "/settings.ini.tmp"));
  std::filesystem::remove_all(folder);
}

// A window made smaller than the file keeps reopens at the least size, not the default.
TEST(Settings, ANumberOutOfRangeIsSavedAsTheNearestItAllows) {
  const std::string folder = temp_folder("range");
  Settings s;
  s.window_width = 500;
  s.window_height = 100000;
  s.font_scale = 9.0f;
  std::string error;
  ASSERT_TRUE(save_settings(s, folder, &error)) << error;
  const Settings back = load_settings(folder);
  EXPECT_EQ(back.window_width, 640);
  EXPECT_EQ(back.window_height, 16384);
  EXPECT_FLOAT_EQ(back.font_scale, Settings::max_font_scale);
  std::filesystem::remove_all(folder);
}

TEST(Settings, AFolderWhereTheFileShouldBeGivesDefaults) {
  const std::string folder = temp_folder("dir");
  std::filesystem::create_directories(folder + "/settings.ini");
  const Settings s = load_settings(folder);
  EXPECT_FLOAT_EQ(s.font_scale, Settings{}.font_scale);
  std::string error;
  EXPECT_FALSE(save_settings(s, folder, &error));
  EXPECT_NE(error.find("settings.ini"), std::string::npos) << error;
  std::filesystem::remove_all(folder);
}

TEST(Settings, AFailingSaveLeavesTheOldFileIntact) {
  const std::string folder = temp_folder("kept");
  Settings s;
  s.font_scale = 1.5f;
  std::string error;
  ASSERT_TRUE(save_settings(s, folder, &error)) << error;
  s.font_scale = 2.0f;
  s.last_lesson = std::string(4000, 'x');
  {
    testing::FileSizeLimit limit(200);
    EXPECT_FALSE(save_settings(s, folder, &error));
  }
  EXPECT_NE(error.find("settings.ini"), std::string::npos) << error;
  EXPECT_FLOAT_EQ(load_settings(folder).font_scale, 1.5f);
  std::filesystem::remove_all(folder);
}

TEST(Settings, FolderFollowsXdg) {
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(settings_folder(), "/tmp/xdg-test/whygpu");
  ::unsetenv("XDG_CONFIG_HOME");
}

// A FIFO as settings.ini: the app starts with defaults at once, and the save at the end
// refuses to replace the FIFO.
TEST(Settings, AFifoGivesDefaultsAtOnceAndIsNotReplaced) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("settings.ini");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  Settings s;
  s.font_scale = 2.5f;
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = load_settings(dir.path()); }));
  EXPECT_FLOAT_EQ(s.font_scale, Settings{}.font_scale);
  std::string error;
  EXPECT_FALSE(save_settings(s, dir.path(), &error));
  EXPECT_NE(error.find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << error;
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
}

// Settings saved by hand as 0600 stay 0600 (they were made 0644 by every save).
TEST(Settings, ASaveKeepsTheFilesPermissions) {
  cnn::testing::TempDir dir;
  std::string error;
  ASSERT_TRUE(save_settings(Settings{}, dir.path(), &error)) << error;
  const std::string path = dir.file("settings.ini");
  EXPECT_EQ(std::filesystem::status(path).permissions(), std::filesystem::perms(0644));
  std::filesystem::permissions(path, std::filesystem::perms(0600));
  ASSERT_TRUE(save_settings(Settings{}, dir.path(), &error)) << error;
  EXPECT_EQ(std::filesystem::status(path).permissions(), std::filesystem::perms(0600));
}

}  // namespace
}  // namespace whygpu::app
