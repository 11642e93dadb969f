#pragma once
// The one way whygpu opens a file it reads. Every such file is untrusted (lessons,
// scripts, settings, imgui.ini, data sets, images, models, weights, recordings, kernel
// sources), and a name can lead to something that is not a file: a FIFO, where open()
// waits for a writer forever; a device, which may never end (/dev/zero); a folder; a
// socket. open_regular_file:
//   - opens with O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY: opening a FIFO returns at
//     once, a terminal never becomes the app's controlling terminal, and a child process
//     (kernel-lab tries, compilers) never inherits the descriptor;
//   - asks fstat about the descriptor it opened, not stat about the path, so a path
//     swapped for a FIFO between a check and the open cannot slip through;
//   - refuses anything but a regular file, with a message that names the file and what
//     it is ("PATH: is a named pipe (FIFO), not a regular file");
//   - then clears O_NONBLOCK (reads of a regular file never wait anyway) and hands the
//     file over as a FILE*, with its size as fstat saw it.
// Symbolic links are followed: a link to a regular file is read like the file.
// Errors start with the path: "PATH: cannot open: no such file", "PATH: is a folder, not a
// file". Reads of /proc and /sys files and of the devices meant to be special (NVML,
// RAPL, CUPTI) do not come here.
//
//   OpenedFile opened;
//   if (Status s = open_regular_file(path, &opened); !s) return s;
//   std::fread(buffer, 1, n, opened.file.get());
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "compute/core/status.h"

namespace whygpu {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

struct OpenedFile {
  std::unique_ptr<std::FILE, FileCloser> file;
  std::uint64_t size_bytes = 0;  // when it was opened; a file can still grow while it is read
};

Status open_regular_file(const std::string& path, OpenedFile* out);

// What a file system entry of this st_mode is, for messages: "a named pipe (FIFO)",
// "a device", "a folder", "a socket", "a symbolic link", "a regular file".
const char* file_kind_name(unsigned st_mode);

}  // namespace whygpu
