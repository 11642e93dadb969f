#pragma once
// Runs the kernel lab's tries off the UI thread: each try is a child process of the whygpu
// executable (compute/kernel_lab/child_run.h), so the UI keeps drawing while NVRTC compiles and
// while a kernel runs, and a broken kernel cannot break the app.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::app {

class LabRunner {
 public:
  LabRunner() = default;
  ~LabRunner();  // cancels a running try and waits for its child
  LabRunner(const LabRunner&) = delete;
  LabRunner& operator=(const LabRunner&) = delete;

  void start(kernel_lab::LabRequest request);  // ignored while busy()
  void cancel() { cancel_.store(true); }
  bool busy() const { return busy_.load(); }
  double seconds_running() const;
  // The report of the last finished try, once: empty until a new one is ready.
  std::optional<kernel_lab::LabReport> take_report();

 private:
  std::atomic<bool> busy_{false};
  std::atomic<bool> cancel_{false};
  std::atomic<long long> started_ns_{0};
  std::mutex mutex_;
  std::optional<kernel_lab::LabReport> finished_;  // guarded by mutex_
  std::thread worker_;
};

}  // namespace whygpu::app
