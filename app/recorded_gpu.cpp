#include "app/recorded_gpu.h"

#include "app/checkout_path.h"

namespace whygpu::app {

std::string recorded_gpu_folder() { return checkout_path("WHYGPU_RECORDED_GPU", bench::kRecordingFolder); }

std::string missing_recording(std::string_view what, const std::string& detail) {
  return "no recording of " + std::string(what) + " from a GPU machine yet (" + detail + ")";
}

}  // namespace whygpu::app
