// time_gpu_phases in a build without CUDA: there is nothing to time.
#include "compute/core/measure.h"

namespace whygpu {

Status time_gpu_phases(const MeasureOptions&, int,
                       const std::function<Status(int, const PhaseMark&)>&,
                       std::vector<TimingStats>*, TimingStats*) {
  return Status::error("this build of whygpu has no CUDA support");
}

}  // namespace whygpu
