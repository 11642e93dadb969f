#include "app/files/recorded_gpu.h"

#include "app/files/file_locations.h"

namespace whygpu::app {

std::string recorded_gpu_folder() { return shipped_path(bench::kRecordingFolder); }

}  // namespace whygpu::app
