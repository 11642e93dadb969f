// time_gpu_phases and time_gpu_queued in a build without CUDA: there is nothing to time.
#include "compute/core/measure.h"
#include "compute/core/no_cuda.h"

namespace whygpu {

Status time_gpu_phases(const MeasureOptions&, int,
                       const std::function<Status(int, const PhaseMark&)>&,
                       std::vector<TimingStats>*, TimingStats*) {
  return built_without_cuda();
}

Status time_gpu_queued(void*, int, int, const std::function<Status(int)>&, QueuedTiming*) {
  return built_without_cuda();
}

}  // namespace whygpu
