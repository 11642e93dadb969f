#include "app/kernels/sweep_runner.h"

#include <sys/resource.h>
#include <unistd.h>

#include "app/i18n/translate.h"

namespace whygpu::app {

SweepRunner::~SweepRunner() {
  cancel();
  if (worker_.joinable()) worker_.join();
}

Status SweepRunner::start(std::vector<kernels::SweepJob> jobs) {
  if (running_.load()) return Status::error(tr("a sweep is already running: cancel it first"));
  if (worker_.joinable()) worker_.join();  // the previous sweep has finished: this is quick
  cancel_.store(false);
  cancel_requested_ns_.store(0);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    state_.rows.clear();
    state_.progress = {0, static_cast<int>(jobs.size()), jobs.empty() ? "" : jobs.front().description,
                       !jobs.empty() && jobs.front().on_cpu};
    state_.running = true;
    state_.cancelled = false;
    state_.cancel_latency_seconds = 0.0;
    state_.error.clear();
    state_.elapsed_seconds = 0.0;
    started_ = std::chrono::steady_clock::now();
    bump();
  }
  running_.store(true);
  worker_ = std::thread(&SweepRunner::work, this, std::move(jobs));
  return Status::ok();
}

void SweepRunner::cancel() {
  long long none = 0;
  cancel_requested_ns_.compare_exchange_strong(none, std::chrono::steady_clock::now().time_since_epoch().count());
  cancel_.store(true);
}

void SweepRunner::bump() {
  state_.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  state_.version = version_.load() + 1;
  version_.store(state_.version);
}

void SweepRunner::work(std::vector<kernels::SweepJob> jobs) {
  // A little below the UI thread, so that when every core is busy measuring (the CPU
  // variants use them all) the frame still gets drawn on time. Threads this one starts
  // (the CPU kernels' pool, when it is created here) inherit it. Failure is harmless.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 5);
  kernels::SweepCallbacks callbacks;
  callbacks.cancel = &cancel_;
  callbacks.on_progress = [this](const kernels::SweepProgress& progress) {
    std::lock_guard<std::mutex> lock(mutex_);
    state_.progress = progress;
    bump();
  };
  callbacks.on_row = [this](const kernels::Measurement& row) {
    std::lock_guard<std::mutex> lock(mutex_);
    state_.rows.push_back(row);
    bump();
  };
  std::vector<kernels::Measurement> rows;  // run_sweep's own copy; the UI reads state_
  const Status status = kernels::run_sweep(jobs, callbacks, &rows);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    state_.running = false;
    state_.cancelled = is_cancelled(status);
    if (state_.cancelled) {
      const auto asked = std::chrono::steady_clock::time_point(
          std::chrono::steady_clock::duration(cancel_requested_ns_.load()));
      state_.cancel_latency_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    }
    if (!status && !state_.cancelled) state_.error = translated(status);
    bump();
  }
  running_.store(false);
}

bool SweepRunner::refresh(Snapshot* out) const {
  if (version_.load() == out->version) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  *out = state_;
  return true;
}

}  // namespace whygpu::app
