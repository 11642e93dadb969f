#include "app/files/file_locations.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>

#include "compute/core/text_file.h"

namespace whygpu::app {
namespace fs = std::filesystem;
namespace {

std::string home_folder() {
  const char* home = std::getenv("HOME");
  return home && *home ? home : ".whygpu-home";
}

// $XDG_<KIND>_HOME, else $HOME/<fallback>, else a folder beside the working directory.
std::string xdg_home(const char* variable, const char* fallback) {
  if (const char* xdg = std::getenv(variable); xdg && *xdg) return xdg;
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/" + fallback;
  return ".whygpu-home";
}

// XDG_DOCUMENTS_DIR="$HOME/Documents" in user-dirs.dirs: "$HOME/..." or an absolute path.
std::string documents_from_user_dirs(const std::string& file) {
  std::string text;
  if (!read_text_file(file, &text, 64 * 1024)) return {};  // a dozen lines when it exists
  std::istringstream in(text);
  std::string line;
  const std::string key = "XDG_DOCUMENTS_DIR=";
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) != 0) continue;
    std::string value = line.substr(key.size());
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    if (value.compare(0, 5, "$HOME") == 0) value = home_folder() + value.substr(5);
    if (fs::path(value).is_absolute()) return value;
  }
  return {};
}

std::mutex g_export_mutex;
std::string g_export_folder;  // empty: the default

bool inside(const fs::path& file, const fs::path& folder) {
  const auto [f, _] = std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
  return f == folder.end();
}

// The checkout a binary in a build folder came from, or empty for an installed binary.
std::string source_tree(const fs::path& executable) {
  std::error_code ec;
  const fs::path build = fs::weakly_canonical(WHYGPU_BUILD_DIR, ec);
  if (!ec && inside(executable, build)) return WHYGPU_SOURCE_DIR;
  // A build carried with its checkout (build/app/whygpu, .devcarry/bin/whygpu).
  const fs::path checkout = executable.parent_path().parent_path().parent_path();
  if (fs::is_regular_file(checkout / "CMakeLists.txt", ec) && fs::is_regular_file(checkout / "lessons/FORMAT.md", ec))
    return checkout.string();
  return {};
}

}  // namespace

std::vector<std::string> shipped_roots() {
  std::vector<std::string> roots{user_folder(UserFolder::kData)};
  std::error_code ec;
  const fs::path executable = fs::weakly_canonical(fs::read_symlink("/proc/self/exe", ec), ec);
  if (ec) return roots;
  roots.push_back((executable.parent_path().parent_path() / "share/whygpu").string());
  if (std::string source = source_tree(executable); !source.empty()) roots.push_back(std::move(source));
  return roots;
}

std::string locale_folder() {
  std::error_code ec;
  const fs::path executable = fs::weakly_canonical(fs::read_symlink("/proc/self/exe", ec), ec);
  const fs::path build = fs::weakly_canonical(WHYGPU_BUILD_DIR, ec);
  if (!ec && inside(executable, build)) return (build / "locale").string();
  return (executable.parent_path().parent_path() / "share/locale").string();
}

std::string shipped_path(const std::string& relative) {
  const std::vector<std::string> roots = shipped_roots();
  std::error_code ec;
  for (const std::string& root : roots)
    if (fs::exists(root + "/" + relative, ec)) return root + "/" + relative;
  return roots.back() + "/" + relative;
}

std::string user_folder(UserFolder kind) {
  switch (kind) {
    case UserFolder::kConfig: return xdg_home("XDG_CONFIG_HOME", ".config") + "/whygpu";
    case UserFolder::kData: return xdg_home("XDG_DATA_HOME", ".local/share") + "/whygpu";
    case UserFolder::kCache: return xdg_home("XDG_CACHE_HOME", ".cache") + "/whygpu";
  }
  return {};
}

std::string saved_model_path(const std::string& file) { return user_folder(UserFolder::kData) + "/models/" + file; }

std::string default_export_folder() {
  std::string documents;
  if (const char* xdg = std::getenv("XDG_DOCUMENTS_DIR"); xdg && fs::path(xdg).is_absolute()) documents = xdg;
  if (documents.empty()) documents = documents_from_user_dirs(xdg_home("XDG_CONFIG_HOME", ".config") + "/user-dirs.dirs");
  if (documents.empty()) documents = home_folder() + "/Documents";
  return documents + "/whygpu";
}

std::string export_folder() {
  {
    std::lock_guard<std::mutex> lock(g_export_mutex);
    if (!g_export_folder.empty()) return g_export_folder;
  }
  return default_export_folder();
}

void set_export_folder(const std::string& folder) {
  std::lock_guard<std::mutex> lock(g_export_mutex);
  g_export_folder = folder;
}

std::string export_path(const std::string& file) {
  if (file.empty() || fs::path(file).is_absolute()) return file;
  return (fs::path(export_folder()) / file).string();
}

}  // namespace whygpu::app
