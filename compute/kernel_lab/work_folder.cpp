#include "compute/kernel_lab/work_folder.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>

namespace whygpu::kernel_lab {
namespace {

constexpr const char* kPrefix = "whygpu-sim-";

// Removes `path` and all in it, symbolic links as links. The kernel ran with the user's
// rights on the folder: a subfolder it made unreadable is made readable again first.
void remove_tree(const std::filesystem::path& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(std::filesystem::symlink_status(path, ignored))) {
    chmod(path.c_str(), S_IRWXU);
    for (const auto& entry : std::filesystem::directory_iterator(path, ignored)) remove_tree(entry.path());
  }
  std::filesystem::remove(path, ignored);
}

}  // namespace

WorkFolder::~WorkFolder() {
  if (!path_.empty()) remove_tree(path_);
}

Status WorkFolder::make() {
  std::error_code error;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(error);
  if (error) return Status::error(Wording::sentence(N_("no temporary folder: {0}"), {error.message()}));
  std::string pattern = (temp / (std::string(kPrefix) + "XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    return Status::error(Wording::sentence(N_("could not make a folder in {0}: {1}"),
                                           {temp.string(), std::strerror(errno)}));
  path_ = pattern;
  return Status::ok();
}

void remove_stale_work_folders(std::chrono::minutes age) {
  std::error_code ignored;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(ignored);
  if (ignored) return;
  const std::time_t now = std::time(nullptr);
  for (const auto& entry : std::filesystem::directory_iterator(temp, ignored)) {
    if (entry.path().filename().string().rfind(kPrefix, 0) != 0) continue;
    struct stat info {};
    if (lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid()) continue;
    if (now - info.st_mtime > std::chrono::duration_cast<std::chrono::seconds>(age).count()) remove_tree(entry.path());
  }
}

}  // namespace whygpu::kernel_lab
