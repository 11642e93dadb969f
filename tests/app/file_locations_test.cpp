#include "app/files/file_locations.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

namespace whygpu::app {
namespace {
namespace fs = std::filesystem;

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(FileLocations, UserFoldersFollowXdgAndDefaultUnderHome) {
  {
    ScopedEnv config("XDG_CONFIG_HOME", "/x/config"), data("XDG_DATA_HOME", "/x/data"), cache("XDG_CACHE_HOME", "/x/cache");
    EXPECT_EQ(user_folder(UserFolder::kConfig), "/x/config/whygpu");
    EXPECT_EQ(user_folder(UserFolder::kData), "/x/data/whygpu");
    EXPECT_EQ(user_folder(UserFolder::kCache), "/x/cache/whygpu");
    EXPECT_EQ(saved_model_path("lstm.model"), "/x/data/whygpu/models/lstm.model");
  }
  ScopedEnv home("HOME", "/home/ada"), config("XDG_CONFIG_HOME", ""), data("XDG_DATA_HOME", ""), cache("XDG_CACHE_HOME", "");
  EXPECT_EQ(user_folder(UserFolder::kConfig), "/home/ada/.config/whygpu");  // empty counts as unset
  EXPECT_EQ(user_folder(UserFolder::kData), "/home/ada/.local/share/whygpu");
  EXPECT_EQ(user_folder(UserFolder::kCache), "/home/ada/.cache/whygpu");
}

TEST(FileLocations, ATestInTheBuildFolderFindsTheSourceTree) {
  ScopedEnv data("XDG_DATA_HOME", "/nonexistent-whygpu-test");
  const std::vector<std::string> roots = shipped_roots();
  ASSERT_EQ(roots.size(), 3u);  // user data, installed share, source tree (this runs from the build)
  EXPECT_EQ(roots[0], "/nonexistent-whygpu-test/whygpu");
  EXPECT_TRUE(ends_with(roots[1], "/share/whygpu")) << roots[1];
  const std::string lessons = shipped_path("lessons");
  EXPECT_EQ(lessons, roots[2] + "/lessons");
  EXPECT_TRUE(fs::is_regular_file(lessons + "/FORMAT.md")) << lessons;
  // Missing everywhere: named in the last place looked, for the message of whoever opens it.
  EXPECT_EQ(shipped_path("no/such/file"), roots[2] + "/no/such/file");
}

TEST(FileLocations, TheUserDataFolderComesFirst) {
  const fs::path home = fs::temp_directory_path() / "whygpu-file-locations-test";
  fs::remove_all(home);
  fs::create_directories(home / "whygpu/assets/reference");
  std::ofstream(home / "whygpu/assets/reference/h100-bench.json") << "{}";
  ScopedEnv data("XDG_DATA_HOME", home.string());
  EXPECT_EQ(shipped_path("assets/reference/h100-bench.json"), (home / "whygpu/assets/reference/h100-bench.json").string());
  // What the user folder lacks still comes from the next root.
  EXPECT_TRUE(fs::is_directory(shipped_path("lessons")));
  EXPECT_NE(shipped_path("lessons").rfind(home.string(), 0), 0u);
  fs::remove_all(home);
}

TEST(FileLocations, ExportsGoToTheDocumentsFolderTheDesktopNames) {
  const fs::path config = fs::temp_directory_path() / ("whygpu-export-folder-test-" + std::to_string(::getpid()));
  fs::remove_all(config);
  fs::create_directories(config);
  ScopedEnv home("HOME", "/home/pat"), xdg_config("XDG_CONFIG_HOME", config.string()), documents("XDG_DOCUMENTS_DIR", "");
  EXPECT_EQ(default_export_folder(), "/home/pat/Documents/whygpu");  // no user-dirs.dirs
  std::ofstream(config / "user-dirs.dirs") << "# comment\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
                                              "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n";
  EXPECT_EQ(default_export_folder(), "/home/pat/Dokumente/whygpu");
  std::ofstream(config / "user-dirs.dirs") << "XDG_DOCUMENTS_DIR=\"relative/is/ignored\"\n";
  EXPECT_EQ(default_export_folder(), "/home/pat/Documents/whygpu");
  ScopedEnv from_environment("XDG_DOCUMENTS_DIR", "/srv/docs");
  EXPECT_EQ(default_export_folder(), "/srv/docs/whygpu");
  fs::remove_all(config);
}

}  // namespace
}  // namespace whygpu::app
