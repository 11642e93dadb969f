#include "compute/kernels/thread_pool.h"

namespace whygpu::kernels {

int resolve_threads(int requested) { return requested > 0 ? requested : hardware_threads(); }

void parallel_for(int tasks, int threads, const std::function<void(int task)>& task) {
  static ThreadPool pool(hardware_threads());
  pool.run(tasks, threads > 0 ? threads : 1, task);
}

}  // namespace whygpu::kernels
