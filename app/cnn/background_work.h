#pragma once
// One piece of long work (a race of precisions, a sweep of batch sizes, a transfer run)
// on a worker thread, so a panel keeps its frame rate: start it with a function that
// checks the cancel flag now and then, read busy() each frame, cancel it, and read its
// error once it has finished. What the work produces it shares with the panel itself
// (under the panel's own mutex).
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "compute/core/status.h"
#include "compute/core/wording.h"

namespace whygpu::app {

class BackgroundWork {
 public:
  BackgroundWork() = default;
  ~BackgroundWork();  // cancels running work and waits for it
  BackgroundWork(const BackgroundWork&) = delete;
  BackgroundWork& operator=(const BackgroundWork&) = delete;

  // An error when work is already running.
  Status start(std::function<Status(const std::atomic<bool>* cancel)> work);
  void cancel() { cancel_.store(true); }
  bool busy() const { return running_.load(); }
  // The last run's error; empty when it succeeded or was cancelled.
  std::string error() const;
  bool cancelled() const;

 private:
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  mutable std::mutex mutex_;
  Wording error_;
  bool cancelled_ = false;
  std::thread worker_;
};

}  // namespace whygpu::app
