#pragma once
// Measures the dense layer (compute/dense_layer/dense_bench.h) on a worker thread, so the
// page keeps drawing while the CPU and the GPU are timed.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "compute/dense_layer/dense_bench.h"

namespace whygpu::app {

class DenseRunner {
 public:
  DenseRunner() = default;
  ~DenseRunner();  // cancels and waits
  DenseRunner(const DenseRunner&) = delete;
  DenseRunner& operator=(const DenseRunner&) = delete;

  void start(const dense_layer::DenseSizes& sizes);  // ignored while busy()
  void cancel() { cancel_.store(true); }
  bool busy() const { return busy_.load(); }

  // The last finished measurement, once; or the reason it failed.
  struct Outcome {
    dense_layer::DenseTiming timing;
    std::string error;
  };
  std::optional<Outcome> take();

 private:
  std::atomic<bool> busy_{false};
  std::atomic<bool> cancel_{false};
  std::mutex mutex_;
  std::optional<Outcome> finished_;  // guarded by mutex_
  std::thread worker_;
};

}  // namespace whygpu::app
