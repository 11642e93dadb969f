#pragma once
// A fixed set of worker threads for the CPU trainer's element-wise loops (im2col,
// pooling, Adam...). The matrix products themselves go to OpenBLAS, which has threads
// of its own; the pool sleeps while they run.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace whygpu::cnn {

class ThreadPool {
 public:
  // threads <= 1 runs everything on the calling thread.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls fn(begin, end) on size() contiguous, disjoint pieces of [0, count) at once (the
  // calling thread takes the first) and returns when all are done. The split depends only
  // on count and size(), so results are reproducible. One call at a time per pool.
  void parallel_for(int count, const std::function<void(int, int)>& fn);

 private:
  void worker_loop(int index);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(int, int)>* job_ = nullptr;
  int job_count_ = 0;
  unsigned long generation_ = 0;
  int pending_ = 0;
  bool stopping_ = false;
};

// A sensible default: the machine's hardware threads, at most 32.
int default_cpu_threads();

}  // namespace whygpu::cnn
