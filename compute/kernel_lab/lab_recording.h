#pragma once
// The kernel lab's exercises as run on a GPU machine (`whygpu record`, part "kernel-lab"):
// each exercise's starting code with the panel's starting sizes (the add kernel right,
// the others with their bug), and the lesson's experiments (2000 threads a block, no
// bounds check), each with the whole report. Without a GPU the panel runs a kernel in
// the simulator and, when the editor holds one of these, shows the recorded GPU's
// result beside it, with its time, labelled as recorded.
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

inline constexpr bench::RecordingKind kLabRecording = bench::recording_part("kernel-lab", "whygpu kernel-lab recording");

struct RecordedTry {
  std::string what;  // "the starting code", "2000 threads a block", ...
  LabRequest request;
  LabReport report;
};

struct LabRecording {
  bench::RunInfo run;
  std::vector<RecordedTry> tries;
  // The try of exactly this request (exercise, source and sizes; the engine aside), or null.
  const RecordedTry* find(const LabRequest& request) const;
};

// What `whygpu record` runs.
std::vector<RecordedTry> lab_recording_plan();

// Runs each try of the plan on this machine's GPU, in this process. An error without one.
Status record_lab(LabRecording* out);

// One line for a report, in sentences the interface translates: "all 1000000 outputs
// right; 0.0123 ms (median of 20), 975 GB/s",
// "999744 of 1000000 outputs wrong, the first c[256]", "refused: ...".
Wording summarize(const LabReport& report);

// "tries": each its request (an exercise whygpu knows), a summary for readers and the
// report in lab_report.h's own text form.
void to_json(bench::Json& json, const LabRecording& recording);
void from_json(const bench::Json& json, LabRecording& recording);

}  // namespace whygpu::kernel_lab
