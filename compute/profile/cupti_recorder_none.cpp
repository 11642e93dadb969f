// record_timeline in a build without CUDA, or without CUPTI's headers: says which.
#include "compute/profile/cupti_recorder.h"

namespace whygpu::profile {
namespace {

Status unavailable() {
#if WHYGPU_HAVE_CUDA
  return Status::error(Wording::sentence(N_(
      "this build of whygpu has no timeline recording (CUPTI's headers were not found when it was built)")));
#else
  return Status::error(Wording::sentence(N_(
      "this build of whygpu has no CUDA support (no nvcc when it was built): timelines can only be loaded")));
#endif
}

}  // namespace

Status record_timeline(const std::function<Status()>&, const RecordOptions&, Timeline*, const std::function<Status()>&) {
  return unavailable();
}

Status timeline_recording_available() { return unavailable(); }

}  // namespace whygpu::profile
