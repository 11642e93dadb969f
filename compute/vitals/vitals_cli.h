#pragma once
// `whygpu bench vitals`: the GPU's power, clocks, utilisation, memory and temperature
// through NVML a few times a second, with the energy used over the run (GPU, and the CPU
// where RAPL is readable).
//
//   whygpu bench vitals [--seconds N] [--interval-ms N] [--gpu I] [--csv]
// --seconds 0 prints one sample. --csv prints nvidia-smi's column names
// (power.draw, clocks.sm, ...) so the two can be compared line by line.
#include <string>
#include <vector>

namespace whygpu::vitals {

// args excludes "whygpu bench vitals". Exit codes: 0 sampled, 1 no NVML or a read
// failed, 2 bad arguments.
int run_vitals_command(const std::vector<std::string>& args, const std::string& program = "whygpu bench vitals");

}  // namespace whygpu::vitals
