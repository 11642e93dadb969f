#pragma once
// Where a recorded result comes from, in the interface's language: "recorded on NVIDIA
// H100 80GB HBM3 (driver 580.159.04) on 2026-11-24, not on this computer". Every faded
// figure carries it (compute/'s RunInfo::recorded_label is the English one the command
// line prints).
#include <string>

#include "compute/bench/run_info.h"
#include "compute/profile/timeline.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu::app {

// `sentence_start`: "Recorded ..." rather than "recorded ...".
std::string recorded_label(const bench::RunInfo& run, bool sentence_start = false);
inline std::string recorded_label(const profile::Timeline& timeline, bool sentence_start = false) {
  return recorded_label(timeline.run, sentence_start);
}
// NVML's names for the GPU and driver where the trace has them (VitalsTrace::named_run).
inline std::string recorded_label(const vitals::VitalsTrace& trace, bool sentence_start = false) {
  return recorded_label(trace.named_run(), sentence_start);
}

}  // namespace whygpu::app
