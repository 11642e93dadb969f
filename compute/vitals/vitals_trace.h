#pragma once
// A recorded stretch of a GPU's vital signs ("format": "whygpu-vitals"), so that the
// vitals panel can show, where there is no NVIDIA GPU, what the GPU machine's power,
// clocks and load did while it trained the CNN and ran a matmul sweep, with the energy of
// each phase; always with the machine and date it comes from.
//
// { "format": "whygpu-vitals", "format_version": 1, "run": { bench's RunInfo },
//   "gpu_name": "...", "nvidia_driver": "...", "interval_ms": 100,
//   "cpu_energy_unavailable": "" | "why",
//   "columns": ["time_s", "power_w", "sm_clock_mhz", ...],
//   "samples": [[0.0, 127.9, 1980, ...], ...],            (null where not reported)
//   "phases": [ { "name": "cnn-gpu", "description": "...", "begin_s": 2.0, "end_s": 5.1,
//                 "trainer": "...", "images": 1234, "gpu_joules": 1234.5, "gpu_method": "...",
//                 "cpu_joules": null, "cpu_method": "why not" } ] }
#include <string>
#include <string_view>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/core/status.h"
#include "compute/vitals/sampler.h"

namespace whygpu::vitals {

inline constexpr bench::RecordingKind kVitalsRecording{"whygpu-vitals", 1, "whygpu vitals recording"};

// One stretch of the recording: idle, CNN training on the GPU or the CPU, a matmul size.
struct TracePhase {
  std::string name;         // "idle", "cnn-gpu", "cnn-cpu", "matmul-4096"
  std::string description;  // "MNIST CNN training on the GPU, batch 64"
  double begin_s = 0.0, end_s = 0.0;  // on the samples' clock
  std::string trainer;      // CNN phases: the trainer's name
  long images = 0;          // CNN phases: images trained
  EnergyReading gpu, cpu;   // over the phase, read directly from the counters
};

struct VitalsTrace {
  bench::RunInfo run;
  std::string gpu_name, nvidia_driver;
  int interval_ms = 0;
  std::string cpu_energy_unavailable;  // empty when the CPU's counters were read
  std::vector<VitalsSample> samples;   // oldest first
  std::vector<TracePhase> phases;      // in time order

  // The run as NVML named its GPU and driver (they win over the run's own names): what its
  // "recorded on ..." label names.
  bench::RunInfo named_run() const;
  const TracePhase* find_phase(std::string_view name) const;
};

// Samples as rows of "columns" (found by name, so a file with more columns still reads;
// null where a value was not reported), time_s never going back; phases each named, not
// ending before they begin.
void to_json(bench::Json& json, const VitalsTrace& trace);
void from_json(const bench::Json& json, VitalsTrace& trace);
// Errors name the file and the field ("field 'samples[12]': 4 values, expected 11").
Status save_trace(const VitalsTrace& trace, const std::string& path);  // atomic
Status load_trace(const std::string& path, VitalsTrace* out);

}  // namespace whygpu::vitals
