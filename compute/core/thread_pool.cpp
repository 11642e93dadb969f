#include "compute/core/thread_pool.h"

#include <algorithm>

namespace whygpu {

int hardware_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

ThreadPool::ThreadPool(int threads) {
  for (int i = 0; i < threads - 1; ++i) workers_.emplace_back([this, i] { work(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::run(int tasks, int threads, const std::function<void(int)>& task) {
  if (tasks <= 0) return;
  const int wanted = threads > 0 ? threads : size();
  if (wanted <= 1 || tasks == 1 || workers_.empty()) {
    for (int t = 0; t < tasks; ++t) task(t);
    return;
  }
  std::lock_guard<std::mutex> serial(run_mutex_);
  const int helpers = std::clamp(std::min(wanted, tasks) - 1, 0, static_cast<int>(workers_.size()));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    tasks_ = tasks;
    next_.store(0);
    helpers_ = helpers;
    pending_ = helpers;
    ++generation_;
  }
  wake_.notify_all();
  drain();
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
  task_ = nullptr;
}

void ThreadPool::parallel_for(int count, const std::function<void(int, int)>& fn) {
  if (count <= 0) return;
  const int pieces = size();
  run(pieces, pieces, [&](int index) {
    const int base = count / pieces, extra = count % pieces;
    const int begin = index * base + std::min(index, extra);
    const int end = begin + base + (index < extra ? 1 : 0);
    if (begin < end) fn(begin, end);
  });
}

void ThreadPool::drain() {
  for (int t = next_.fetch_add(1); t < tasks_; t = next_.fetch_add(1)) (*task_)(t);
}

void ThreadPool::work(int index) {
  unsigned long long seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (index >= helpers_) continue;  // this run asked for fewer threads
    }
    drain();
    std::lock_guard<std::mutex> lock(mutex_);
    if (--pending_ == 0) done_.notify_one();
  }
}

}  // namespace whygpu
