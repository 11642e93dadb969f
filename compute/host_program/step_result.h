#pragma once
// What one line of the host program did when it ran, and the one-line text form in which
// the child process that runs it (host_cli.h) hands each result back.
#include <string>
#include <vector>

#include "compute/bench/json.h"
#include "compute/core/status.h"
#include "compute/core/wording.h"

namespace whygpu::host_program {

enum class StepState {
  Ran,       // it ran: ms and the runtime's answer are valid
  Missing,   // the mistake removed the line
  NotRun,    // the program stopped before it (a CHECK failed)
};
const char* step_state_key(StepState state);  // "ran", "missing", "not-run"

struct StepResult {
  int index = 0;
  StepState state = StepState::NotRun;
  double ms = 0.0;           // the call's time on the CPU's clock, from call to return
  bool has_error_code = false;  // runtime calls: what they returned
  int error_code = 0;
  std::string error_name;    // "cudaSuccess", "cudaErrorInvalidValue"
  std::string error_text;    // cudaGetErrorString: "invalid argument"
  std::string output;        // what the line printed or found, in English: step_output(), "all 1,000 elements right"
  bool stopped = false;      // its CHECK failed: the program printed the error and exited
  bool correct = false;      // Check: every element right
  long long wrong = 0;       // Check: elements that are not a + b
  double printed_ms = 0.0;   // TimerStop: what the stopwatch printed
  double kernel_ms = -1.0;   // Launch: the kernel's time on the GPU's clock (CUDA events); < 0 unknown

  bool failed() const { return has_error_code && error_code != 0; }
};

// What a line printed or found, worded by the runner (host_run.cu) from these patterns:
// step_output(...).english() is what a result and a recording keep. The interface shows
// output_words() of that English, which finds the pattern and its values again, so that a
// recording made before, or on another computer, reads in the page's language too.
enum class StepOutput {
  QueuedOneBlock,  // {0} blocks (here 1), {1} threads per block
  QueuedBlocks,
  LoadedKernel,    // the warm-up launch
  Printed,         // {0}: the line the program printed
  AllRight,        // {0}: elements
  Wrong,           // {0} wrong of {1}: c[{2}] = {3}, but a + b = {4}
  CheckExits,      // {0}: the runtime's error string, which CHECK printed
  Count
};
Wording step_output(StepOutput kind, std::vector<Wording> values = {});
// `output` as the sentence it was made from; text no pattern matches (none, or a future
// whygpu's) comes back as a value, shown as it is.
Wording output_words(const std::string& output);

// As JSON (the recording keeps them so: index and state required, the rest written only
// where it says something), and as one line of text (that JSON on one line, as the child
// process writes them); errors name the problem.
void to_json(bench::Json& json, const StepResult& result);
void from_json(const bench::Json& json, StepResult& result);
std::string result_to_line(const StepResult& result);
Status result_from_line(const std::string& line, StepResult* out);

}  // namespace whygpu::host_program
