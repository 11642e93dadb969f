#include "compute/core/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace whygpu {

const char* file_kind_name(unsigned st_mode) {
  switch (st_mode & S_IFMT) {
    case S_IFREG: return "a regular file";
    case S_IFDIR: return "a folder";
    case S_IFIFO: return "a named pipe (FIFO)";
    case S_IFCHR:
    case S_IFBLK: return "a device";
    case S_IFSOCK: return "a socket";
    case S_IFLNK: return "a symbolic link";
    default: return "not a file";
  }
}

Status open_regular_file(const std::string& path, OpenedFile* out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int why = errno;
    return Status::error(path + ": cannot open: " + (why == ENOENT ? "no such file" : std::strerror(why)));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int why = errno;
    ::close(fd);
    return Status::error(path + ": cannot read what it is: " + std::strerror(why));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    if (S_ISDIR(st.st_mode)) return Status::error(path + ": is a folder, not a file");
    return Status::error(path + ": is " + file_kind_name(st.st_mode) + ", not a regular file");
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  std::FILE* file = ::fdopen(fd, "rb");
  if (!file) {
    const int why = errno;
    ::close(fd);
    return Status::error(path + ": cannot open: " + std::strerror(why));
  }
  out->file.reset(file);
  out->size_bytes = static_cast<std::uint64_t>(st.st_size);
  return Status::ok();
}

}  // namespace whygpu
