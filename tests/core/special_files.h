#pragma once
// Files that are not regular files, for the tests of every reader and of the atomic
// writer: a FIFO (open() for reading waits for a writer forever, unless told not to) and
// a deadline for a reader that might wait on one, so a regression fails a test instead of
// hanging the whole run.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <future>
#include <string>
#include <thread>

namespace whygpu::testing {

// A FIFO (named pipe) at `path`; false when it could not be made.
inline bool make_fifo(const std::string& path) { return ::mkfifo(path.c_str(), 0600) == 0; }

// Runs `read` (which is given `fifo` somehow) on a thread and says whether it returned
// within `deadline`. A reader still blocked then is released, so the test ends either
// way: a writer opens the FIFO and closes it again (a blocked open() returns, a blocked
// read() sees the end), as often as it takes for `read` to return.
inline bool returns_quickly(const std::string& fifo, const std::function<void()>& read,
                            std::chrono::milliseconds deadline = std::chrono::seconds(5)) {
  std::packaged_task<void()> task(read);
  std::future<void> done = task.get_future();
  std::thread reader(std::move(task));
  const bool quick = done.wait_for(deadline) == std::future_status::ready;
  while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) ::close(fd);
  }
  reader.join();
  return quick;
}

}  // namespace whygpu::testing
