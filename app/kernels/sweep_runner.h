#pragma once
// Runs a benchmark sweep on a worker thread so the UI keeps its frame rate: the panel
// starts it with a list of jobs, reads progress and the rows measured so far each frame
// (a short copy under a mutex, skipped when nothing changed), and can cancel it. The
// jobs' own measurements check cancel_flag() between runs, so a cancel lands within one
// timed run, not at the end of a size.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "compute/core/status.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

class SweepRunner {
 public:
  SweepRunner() = default;
  ~SweepRunner();  // cancels a running sweep and waits for it
  SweepRunner(const SweepRunner&) = delete;
  SweepRunner& operator=(const SweepRunner&) = delete;

  // The flag to put into the jobs' BenchOptions (measure.cancel) before start().
  const std::atomic<bool>* cancel_flag() const { return &cancel_; }

  // Starts the jobs on the worker thread, replacing the previous results. An error when a
  // sweep is already running.
  Status start(std::vector<kernels::SweepJob> jobs);
  // Asks the sweep to stop; busy() turns false once the current run has ended.
  void cancel();
  bool busy() const { return running_.load(); }

  struct Snapshot {
    std::vector<kernels::Measurement> rows;  // in the order measured
    kernels::SweepProgress progress;
    bool running = false;
    bool cancelled = false;     // the last sweep was cancelled
    double cancel_latency_seconds = 0.0;  // from cancel() to the worker's stop, when cancelled
    std::string error;          // the last sweep stopped on an error (rows keep their notes)
    double elapsed_seconds = 0.0;
    std::uint64_t version = 0;  // grows with every change
  };
  // Copies the state into *out when it changed since `out->version`; returns whether it
  // did. Never waits for a measurement: the worker holds the lock only to store results.
  bool refresh(Snapshot* out) const;

 private:
  void work(std::vector<kernels::SweepJob> jobs);
  void bump();  // after a change, under the mutex

  mutable std::mutex mutex_;
  Snapshot state_;  // guarded by mutex_, except state_.version's mirror below
  std::atomic<std::uint64_t> version_{0};
  std::atomic<bool> cancel_{false};
  std::atomic<long long> cancel_requested_ns_{0};  // steady_clock time of the first cancel()
  std::atomic<bool> running_{false};
  std::chrono::steady_clock::time_point started_;
  std::thread worker_;
};

}  // namespace whygpu::app
