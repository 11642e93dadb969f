#pragma once
// `whygpu bench vitals-record --json FILE`: records the GPU's vital signs while it works,
// for the vitals panel to show where there is no NVIDIA GPU: idle, the MNIST CNN trained
// on the GPU, idle, the same on the CPU, idle, then a sweep of matmul sizes, each phase
// with its energy (vitals_trace.h). About 10 s plus four times --cnn-seconds.
//
//   whygpu bench vitals-record --json FILE [--cnn-seconds N] [--mnist DIR] [--interval-ms N]
#include <string>
#include <vector>

namespace whygpu::vitals {

// args excludes "whygpu bench vitals-record". Exit codes: 0 recorded, 1 a phase failed or
// no NVML, 2 bad arguments.
int run_vitals_record_command(const std::vector<std::string>& args,
                              const std::string& program = "whygpu bench vitals-record");

}  // namespace whygpu::vitals
