#include "compute/core/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace whygpu {

// Marked N_: the messages that name a file's kind pass it as a sentence of its own.
const char* file_kind_name(unsigned st_mode) {
  switch (st_mode & S_IFMT) {
    case S_IFREG: return N_("a regular file");
    case S_IFDIR: return N_("a folder");
    case S_IFIFO: return N_("a named pipe (FIFO)");
    case S_IFCHR:
    case S_IFBLK: return N_("a device");
    case S_IFSOCK: return N_("a socket");
    case S_IFLNK: return N_("a symbolic link");
    default: return N_("not a file");
  }
}

Status open_regular_file(const std::string& path, OpenedFile* out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int why = errno;
    return Status::error(Wording::sentence(
        N_("{0}: cannot open: {1}"),
        {path, why == ENOENT ? Wording::sentence(N_("no such file")) : Wording(std::strerror(why))}));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int why = errno;
    ::close(fd);
    return Status::error(
        Wording::sentence(N_("{0}: cannot read what it is: {1}"), {path, std::strerror(why)}));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    if (S_ISDIR(st.st_mode))
      return Status::error(Wording::sentence(N_("{0}: is a folder, not a file"), {path}));
    return Status::error(Wording::sentence(N_("{0}: is {1}, not a regular file"),
                                           {path, Wording::sentence(file_kind_name(st.st_mode))}));
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  std::FILE* file = ::fdopen(fd, "rb");
  if (!file) {
    const int why = errno;
    ::close(fd);
    return Status::error(Wording::sentence(N_("{0}: cannot open: {1}"), {path, std::strerror(why)}));
  }
  out->file.reset(file);
  out->size_bytes = static_cast<std::uint64_t>(st.st_size);
  return Status::ok();
}

}  // namespace whygpu
