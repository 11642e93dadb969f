#pragma once
// The CPU baselines' threads: one ThreadPool (compute/core/thread_pool.h) for the whole
// process, as big as the machine, so a sweep over small sizes measures the arithmetic and
// not the cost of starting threads.
#include <functional>

#include "compute/core/thread_pool.h"

namespace whygpu::kernels {

// `requested` threads, or all hardware threads when requested <= 0.
int resolve_threads(int requested);

// Runs task(0) .. task(tasks - 1) spread over up to `threads` threads (the caller's thread
// is one of them) and returns when all are done. Calls from several threads at once are
// served one after another. `task` must not throw.
void parallel_for(int tasks, int threads, const std::function<void(int task)>& task);

}  // namespace whygpu::kernels
