#pragma once
// The GPU's vital signs in a few words in the status bar (power, clocks, load, memory,
// temperature), from the app's sampler; hover for the names. Draws nothing without NVML
// (app_vitals() has said why, once).
namespace whygpu::app {

// Call inside the status bar, after what it shows before: continues the line.
void draw_vitals_strip();

}  // namespace whygpu::app
