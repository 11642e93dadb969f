#include "compute/core/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace whygpu {
namespace {

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The rename itself lives in the folder's entries: flushing the folder makes it durable.
void flush_folder(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

Status write_file_atomically(const std::string& path, std::string_view contents) {
  // A unique name (mkstemp), so two saves to one file never write the same temporary.
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return Status::error(path + ": cannot create a temporary file beside it: " + std::strerror(errno));
  ::fchmod(fd, 0644);  // mkstemp makes 0600; saves are ordinary files
  const bool written = write_all(fd, contents) && ::fsync(fd) == 0;
  const int write_errno = errno;
  if (::close(fd) != 0 || !written) {
    ::unlink(temp.c_str());
    return Status::error(path + ": write failed (" + std::strerror(write_errno) + "); the old file is unchanged");
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp.c_str());
    return Status::error(path + ": cannot replace with the new file: " + why);
  }
  flush_folder(path);
  return Status::ok();
}

Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Status::error(path + ": is a folder, not a file");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return Status::error(path + ": cannot open: " + std::strerror(errno));
  std::string text;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
    if (text.size() + got > max_bytes) {
      std::fclose(file);
      return Status::error(path + ": larger than " + std::to_string(max_bytes) + " bytes, not read");
    }
    text.append(buffer, got);
  }
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) return Status::error(path + ": read failed");
  *out = std::move(text);
  return Status::ok();
}

}  // namespace whygpu
