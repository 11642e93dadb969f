#pragma once
// Runs of the host program kept as a JSON file ("format": "whygpu-host-program"): every
// mistake's program, line by line, as `whygpu host-program --record FILE` ran them on a
// GPU machine, for the host-program panel to show, labelled, where there is no GPU.
#include <string>
#include <string_view>
#include <vector>

#include "compute/bench/run_info.h"
#include "compute/host_program/program.h"
#include "compute/host_program/step_result.h"

namespace whygpu::host_program {

// 2: the program has its warm-up launch (format 1's launch was the process's first, and
// its lines sit one off against today's program, so it is refused).
inline constexpr int kHostFormatVersion = 2;

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

std::string host_recording_json(const HostRecording& recording);
Status parse_host_recording(std::string_view json_text, HostRecording* out);
Status load_host_recording(const std::string& path, HostRecording* out);

}  // namespace whygpu::host_program
