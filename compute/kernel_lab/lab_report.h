#pragma once
// What one try of a user's kernel gave: the compile, the launch, the check against the
// CPU reference and the timing. The child process (`whygpu kernel-lab`) prints it as one
// line of JSON and the app reads it back; a recording holds the same object.
#include <string>
#include <vector>

#include "compute/bench/json.h"
#include "compute/core/measure.h"
#include "compute/core/translation_marker.h"
#include "compute/core/wording.h"
#include "compute/kernel_lab/diagnostics.h"

namespace whygpu::kernel_lab {

// Where a try runs: on the GPU, or in the CPU simulator (compute/kernel_lab/sim_run.h),
// which checks correctness, not speed. Auto: the GPU when there is one, else the simulator.
enum class Engine { Auto, Gpu, Simulator };
const char* engine_key(Engine engine);  // "auto", "gpu", "simulator"
bool engine_from_key(const std::string& key, Engine* out);

// The words that go with every simulated result, wherever it is shown.
inline constexpr const char* kSimulatedLabel = N_("simulated on the CPU: checks correctness, not speed");

// What the user asked for.
struct LabRequest {
  std::string exercise = "add";
  std::string source;
  int n = 1000000;   // elements of a line exercise
  int block = 256;   // threads per block (x)
  int block_y = 1;   // threads per block in y (matrix exercises)
  int width = 1000;  // columns and rows of a matrix exercise
  int height = 1000;
  Engine engine = Engine::Auto;
};

enum class RunState {
  NotRun,   // not compiled, or no GPU here (message says which)
  Refused,  // the GPU refused the launch (message: the runtime's reason)
  Failed,   // the kernel faulted, was stopped, or its child process died (message says how)
  Ran,
};
const char* run_state_key(RunState state);  // "not-run", "refused", "failed", "ran"
bool run_state_from_key(const std::string& key, RunState* out);

struct LabReport {
  bool compiled = false;
  std::string target;  // "sm_90", "compute_75 (checked only: no GPU here)", or "CPU simulator (g++ 12.2.0)"
  bool simulated = false;  // ran in the CPU simulator: the check holds, there is no time
  double compile_ms = 0.0;
  std::vector<Diagnostic> diagnostics;
  std::string compile_log;  // NVRTC's whole log

  RunState run = RunState::NotRun;
  Wording message;  // for every state but Ran (and beside an order-dependent result); JSON has its english()
  std::string launch;   // "my_kernel<<<3907, 256>>>"

  std::string output;         // the output array checked ("c", "sums")
  long long checked = 0;      // outputs compared with the CPU reference
  long long wrong = 0;        // of those, how many differ beyond rounding
  long long first_wrong = -1; // index of the first one
  float expected = 0.0f, got = 0.0f;  // at first_wrong
  long long overrun = 0;      // floats past c[n - 1] the kernel wrote
  // Simulator: two runs, the threads of each block in opposite orders, gave different
  // outputs (message says so; the report shows the wrong run's result).
  bool order_dependent = false;

  TimingStats time;
  double gbytes_per_s = 0.0;  // the exercise's traffic over the median time
};

// One line of JSON, marked as a report: what the child prints.
std::string to_text(const LabReport& report);
// The last report line in a child's output (the kernel's own printf lines come before it).
// Unknown members are skipped; false if the text holds no readable report (a child that
// died before printing).
bool from_text(const std::string& text, LabReport* out);

// The report's members, for a recording that holds reports (lab_recording.h).
void to_json(bench::Json& json, const LabReport& report);
void from_json(const bench::Json& json, LabReport& report);

}  // namespace whygpu::kernel_lab
