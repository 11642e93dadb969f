#pragma once
// A small pool of persistent CPU threads for the multi-threaded CPU baselines, so that a
// sweep over small sizes measures the arithmetic and not the cost of starting threads.
#include <functional>

namespace whygpu::kernels {

// Number of hardware threads (at least 1).
int hardware_threads();

// `requested` threads, or all hardware threads when requested <= 0.
int resolve_threads(int requested);

// Runs task(0) .. task(tasks - 1) spread over up to `threads` threads (the caller's thread
// is one of them) and returns when all are done. Calls from several threads at once are
// served one after another. `task` must not throw.
void parallel_for(int tasks, int threads, const std::function<void(int task)>& task);

}  // namespace whygpu::kernels
