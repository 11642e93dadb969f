#pragma once
// Makes a save fail on purpose, to test that a failing save leaves the old file intact:
// while a FileSizeLimit lives, writing past `bytes` into any file fails with EFBIG
// (RLIMIT_FSIZE, SIGXFSZ ignored). Unlike a read-only folder this works for root too.
#include <sys/resource.h>

#include <csignal>
#include <cstddef>

namespace whygpu::testing {

class FileSizeLimit {
 public:
  explicit FileSizeLimit(std::size_t bytes) {
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &old_);
    rlimit limit = old_;
    limit.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &old_);
    std::signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit old_{};
  void (*old_handler_)(int) = SIG_DFL;
};

}  // namespace whygpu::testing
