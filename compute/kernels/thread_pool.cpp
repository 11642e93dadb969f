#include "compute/kernels/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace whygpu::kernels {
namespace {

class Pool {
 public:
  explicit Pool(int workers) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this, i] { work(i); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }

  int workers() const { return static_cast<int>(threads_.size()); }

  void run(int tasks, int threads, const std::function<void(int)>& task) {
    std::lock_guard<std::mutex> serial(run_mutex_);
    const int helpers = std::clamp(std::min(threads, tasks) - 1, 0, workers());
    {
      std::lock_guard<std::mutex> lock(mutex_);
      task_ = &task;
      tasks_ = tasks;
      next_.store(0);
      helpers_ = helpers;
      pending_ = helpers;
      ++generation_;
    }
    if (helpers > 0) wake_.notify_all();
    drain();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    task_ = nullptr;
  }

 private:
  void drain() {
    for (int t = next_.fetch_add(1); t < tasks_; t = next_.fetch_add(1)) (*task_)(t);
  }

  void work(int index) {
    unsigned long long seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        if (index >= helpers_) continue;  // this job asked for fewer threads
      }
      drain();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex run_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int)>* task_ = nullptr;
  int tasks_ = 0;
  int helpers_ = 0;
  int pending_ = 0;
  std::atomic<int> next_{0};
  unsigned long long generation_ = 0;
  bool stopping_ = false;
};

Pool& shared_pool() {
  static Pool pool(hardware_threads() - 1);
  return pool;
}

}  // namespace

int hardware_threads() {
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

int resolve_threads(int requested) { return requested > 0 ? requested : hardware_threads(); }

void parallel_for(int tasks, int threads, const std::function<void(int task)>& task) {
  if (tasks <= 0) return;
  if (threads <= 1 || tasks == 1) {
    for (int t = 0; t < tasks; ++t) task(t);
    return;
  }
  shared_pool().run(tasks, threads, task);
}

}  // namespace whygpu::kernels
