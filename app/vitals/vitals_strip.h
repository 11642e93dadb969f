#pragma once
// The GPU's vital signs in a few words for the status bar (power, clocks, load, memory,
// temperature), from the app's sampler. Empty without NVML (app_vitals() has said why,
// once) or before the first sample.
#include <string>

namespace whygpu::app {

std::string vitals_strip_text();

}  // namespace whygpu::app
