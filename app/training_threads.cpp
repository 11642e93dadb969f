#include "app/training_threads.h"

#include <algorithm>
#include <thread>

namespace whygpu::app {

int training_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

}  // namespace whygpu::app
