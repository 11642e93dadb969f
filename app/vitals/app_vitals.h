#pragma once
// The app's one vitals sampler (compute/vitals/sampler.h), started as the app starts so
// that the status bar's strip and the gpu-vitals panel have a few minutes of history to
// plot. Process-wide like gpu_info(): there is one GPU to watch, whoever asks.
#include <string>

#include "compute/vitals/sampler.h"

namespace whygpu::app {

struct AppVitals {
  vitals::VitalsSampler* sampler = nullptr;  // null without NVML
  std::string unavailable;                   // why there is none ("libnvidia-ml.so.1 not found ...")
};

// Starts the sampler on the first call (main calls it at start-up); without NVML says so
// once on stderr, politely, and stays off.
const AppVitals& app_vitals();

}  // namespace whygpu::app
