#include "compute/core/text_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace whygpu {

Status write_file_atomically(const std::string& path, std::string_view contents) {
  const std::string temp = path + ".tmp";
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (!file) return Status::error(temp + ": cannot create: " + std::strerror(errno));
  const bool written = std::fwrite(contents.data(), 1, contents.size(), file) == contents.size() &&
                       std::fflush(file) == 0 && fsync(fileno(file)) == 0;
  const int write_errno = errno;
  if (std::fclose(file) != 0 || !written) {
    std::remove(temp.c_str());
    return Status::error(temp + ": write failed: " + std::strerror(write_errno));
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::remove(temp.c_str());
    return Status::error(path + ": cannot replace with the new file: " + ec.message());
  }
  return Status::ok();
}

Status read_text_file(const std::string& path, std::string* out, std::size_t max_bytes) {
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
