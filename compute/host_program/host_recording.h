#pragma once
// Runs of the host program kept as a JSON file ("format": "whygpu-host-program"): every
// mistake's program, line by line, as `whygpu host-program --record FILE` ran them on a
// GPU machine, for the host-program panel to show, labelled, where there is no GPU.
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/host_program/program.h"
#include "compute/host_program/step_result.h"

namespace whygpu::host_program {

// 2: the program has its warm-up launch (format 1's launch was the process's first, and
// its lines sit one off against today's program, so it is refused).
inline constexpr bench::RecordingKind kHostRecording{"whygpu-host-program", 2, "whygpu host-program recording"};

// Relative to the checkout: the recording the panel shows without a GPU.
inline constexpr const char* kHostReferencePath = "assets/reference/h100-host-program.json";

struct RecordedProgram {
  Mistake mistake = Mistake::None;
  std::vector<StepResult> steps;  // as the child returned them, one per line
  std::string failure;            // when the run itself failed (the child died): why
};

struct HostRecording {
  bench::RunInfo run;
  long long n = kDefaultElements;
  int threads = kDefaultThreads;
  std::vector<RecordedProgram> programs;

  const RecordedProgram* find(Mistake mistake) const;
};

// "n", "threads" (checked by check_options) and "programs": each its mistake by key, its
// steps (no more than its program has lines, each with its own index) and why it failed.
void to_json(bench::Json& json, const HostRecording& recording);
void from_json(const bench::Json& json, HostRecording& recording);

}  // namespace whygpu::host_program
