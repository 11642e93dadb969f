#pragma once
// A fixed set of persistent CPU threads, for the multi-threaded CPU code: the kernels'
// baselines (one pool for the process, so a sweep over small sizes measures arithmetic,
// not starting threads) and the CNN's CPU trainer (a pool of its own size).
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace whygpu {

// Number of hardware threads (at least 1).
int hardware_threads();

class ThreadPool {
 public:
  // `threads` in all, the calling thread included (1: everything runs on the caller).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs task(0) .. task(tasks - 1) on up to `threads` threads (the caller is one of them;
  // 0 or less: all of the pool), each taking the next task until none is left, and returns
  // when all are done. Calls from several threads at once are served one after another.
  // `task` must not throw.
  void run(int tasks, int threads, const std::function<void(int task)>& task);

  // Calls fn(begin, end) on size() contiguous, disjoint pieces of [0, count) and returns
  // when all are done. The split depends only on count and size(), so results that
  // depend on it are reproducible.
  void parallel_for(int count, const std::function<void(int begin, int end)>& fn);

 private:
  void work(int index);  // a worker's loop; index 0 is the first worker
  void drain();          // takes tasks until none is left

  std::vector<std::thread> workers_;
  std::mutex run_mutex_;  // one run at a time
  std::mutex mutex_;      // guards the job below
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int)>* task_ = nullptr;
  int tasks_ = 0;
  int helpers_ = 0;  // workers taking part in this run
  int pending_ = 0;  // of those, how many have not finished
  std::atomic<int> next_{0};
  unsigned long long generation_ = 0;
  bool stopping_ = false;
};

}  // namespace whygpu
