#include "app/cnn/background_work.h"

#include <sys/resource.h>
#include <unistd.h>

#include "app/i18n/translate.h"

namespace whygpu::app {

BackgroundWork::~BackgroundWork() {
  cancel();
  if (worker_.joinable()) worker_.join();
}

Status BackgroundWork::start(std::function<Status(const std::atomic<bool>* cancel)> work) {
  if (running_.load()) return Status::error(tr("already running: cancel it first"));
  if (worker_.joinable()) worker_.join();  // finished: quick
  cancel_.store(false);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = {};
    cancelled_ = false;
  }
  running_.store(true);
  worker_ = std::thread([this, work = std::move(work)] {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 5);  // below the UI thread; failure is harmless
    const Status status = work(&cancel_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cancelled_ = cancel_.load();
      if (!status && !cancelled_) error_ = status.wording();  // translated where it is read, on the UI thread
    }
    running_.store(false);
  });
  return Status::ok();
}

std::string BackgroundWork::error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return translated(error_);
}

bool BackgroundWork::cancelled() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return cancelled_;
}

}  // namespace whygpu::app
