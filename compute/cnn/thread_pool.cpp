#include "compute/cnn/thread_pool.h"

#include <algorithm>

namespace whygpu::cnn {
namespace {

void piece(int count, int pieces, int index, int* begin, int* end) {
  const int base = count / pieces;
  const int extra = count % pieces;
  *begin = index * base + std::min(index, extra);
  *end = *begin + base + (index < extra ? 1 : 0);
}

}  // namespace

int default_cpu_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return std::clamp(static_cast<int>(hw), 1, 32);
}

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { worker_loop(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::worker_loop(int index) {
  unsigned long seen = 0;
  for (;;) {
    const std::function<void(int, int)>* job;
    int count;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      job = job_;
      count = job_count_;
    }
    int begin, end;
    piece(count, size(), index, &begin, &end);
    if (begin < end) (*job)(begin, end);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }
}

void ThreadPool::parallel_for(int count, const std::function<void(int, int)>& fn) {
  if (count <= 0) return;
  if (workers_.empty() || count == 1) {
    fn(0, count);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &fn;
    job_count_ = count;
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  int begin, end;
  piece(count, size(), 0, &begin, &end);
  if (begin < end) fn(begin, end);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return pending_ == 0; });
}

}  // namespace whygpu::cnn
