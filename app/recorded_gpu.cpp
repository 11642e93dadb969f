#include "app/recorded_gpu.h"

#include "app/checkout_path.h"

namespace whygpu::app {

std::string recorded_gpu_folder() { return checkout_path("WHYGPU_RECORDED_GPU", bench::kRecordingFolder); }

}  // namespace whygpu::app
