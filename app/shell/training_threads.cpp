#include "app/shell/training_threads.h"

#include <algorithm>

#include "compute/core/thread_pool.h"

namespace whygpu::app {

int training_threads() { return std::max(1, hardware_threads() - 1); }

}  // namespace whygpu::app
