#include "compute/core/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "compute/core/regular_file.h"

namespace whygpu {
namespace {

constexpr std::string_view kTemporaryMark = ".whygpu-tmp-";
constexpr std::size_t kRandomPart = 6;        // mkstemp's XXXXXX
constexpr std::size_t kLongestNamePart = 200;  // ".NAME.whygpu-tmp-XXXXXX" stays under NAME_MAX (255)

// ".NAME.whygpu-tmp-XXXXXX" beside `path`, the Xs for mkstemp to fill.
std::string temporary_pattern(const std::string& path) {
  const std::filesystem::path target(path);
  const std::string name = target.filename().string().substr(0, kLongestNamePart);
  return (target.parent_path() / ("." + name + std::string(kTemporaryMark) + "XXXXXX")).string();
}

bool is_save_temporary(std::string_view name) {
  const std::size_t tail = kTemporaryMark.size() + kRandomPart;
  if (name.size() < 2 + tail || name.front() != '.') return false;
  if (name.substr(name.size() - tail, kTemporaryMark.size()) != kTemporaryMark) return false;
  for (const char c : name.substr(name.size() - kRandomPart))
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

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
  if (path.empty())
    return Status::error(Wording::sentence(N_("a save needs a file name, and none was given")));
  if (std::filesystem::path(path).filename().empty())
    return Status::error(Wording::sentence(N_("{0}: ends with '/', so names a folder, not a file"), {path}));
  mode_t mode = 0644;
  struct stat target {};
  if (::lstat(path.c_str(), &target) == 0) {
    if (!S_ISREG(target.st_mode))
      return Status::error(
          Wording::sentence(N_("{0}: is {1}; a save replaces only a regular file, so it was left as it is"),
                            {path, Wording::sentence(file_kind_name(target.st_mode))}));
    mode = target.st_mode & 0777;
  } else if (errno != ENOENT) {
    return Status::error(
        Wording::sentence(N_("{0}: cannot look at what is there: {1}"), {path, std::strerror(errno)}));
  }
  // A unique name (mkstemp), so two saves to one file never write the same temporary.
  std::string temp = temporary_pattern(path);
  const int fd = ::mkstemp(temp.data());
  if (fd < 0)
    return Status::error(Wording::sentence(N_("{0}: cannot create a temporary file beside it: {1}"),
                                           {path, std::strerror(errno)}));
  ::fchmod(fd, mode);  // mkstemp makes 0600
  const bool written = write_all(fd, contents) && ::fsync(fd) == 0;
  const int write_errno = errno;
  if (::close(fd) != 0 || !written) {
    ::unlink(temp.c_str());
    return Status::error(Wording::sentence(N_("{0}: write failed ({1}); the old file is unchanged"),
                                           {path, std::strerror(write_errno)}));
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp.c_str());
    return Status::error(Wording::sentence(N_("{0}: cannot replace with the new file: {1}"), {path, why}));
  }
  flush_folder(path);
  return Status::ok();
}

Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes) {
  OpenedFile opened;
  if (Status s = open_regular_file(path, &opened); !s) return s;
  const std::string max = std::to_string(max_bytes);
  if (opened.size_bytes > max_bytes)
    return Status::error(Wording::sentence(N_("{0}: {1} bytes, larger than {2} bytes, not read"),
                                           {path, std::to_string(opened.size_bytes), max}));
  std::string text;
  text.reserve(static_cast<std::size_t>(opened.size_bytes));
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, opened.file.get())) > 0) {
    if (text.size() + got > max_bytes)
      return Status::error(
          Wording::sentence(N_("{0}: grew while being read, larger than {1} bytes, not read"), {path, max}));
    text.append(buffer, got);
  }
  if (std::ferror(opened.file.get())) return Status::error(Wording::sentence(N_("{0}: read failed"), {path}));
  *out = std::move(text);
  return Status::ok();
}

int remove_stale_save_temporaries(const std::string& folder, std::chrono::seconds older_than) {
  const std::time_t cutoff = std::time(nullptr) - static_cast<std::time_t>(older_than.count());
  int removed = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_save_temporary(it->path().filename().string())) continue;
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) continue;
    if (st.st_mtime >= cutoff) continue;
    if (::unlink(it->path().c_str()) == 0) ++removed;
  }
  return removed;
}

}  // namespace whygpu
