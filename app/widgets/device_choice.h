#pragma once
// "Train on: (o) CPU ( ) GPU", the CPU and the GPU in their colours, for every panel that
// lets the user pick where a model trains. Without a CUDA device the GPU option is
// disabled, its tooltip gives the reason and a note beside it says there is no GPU here.
#include <optional>

namespace whygpu::app {

enum class ComputeDevice { kCpu, kGpu };

// Draws the choice with `chosen` selected; returns the option clicked this frame, if any.
std::optional<ComputeDevice> draw_device_choice(ComputeDevice chosen);

}  // namespace whygpu::app
