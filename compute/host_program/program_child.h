#pragma once
// The host program run in a child process of whygpu (`whygpu host-program --serve`), one
// line per step(): the app's panel and `whygpu host-program --record` drive it the same
// way. Whatever the program does to its CUDA context stays in the child.
#include <atomic>
#include <string>
#include <vector>

#include "compute/core/child_process.h"
#include "compute/host_program/program.h"
#include "compute/host_program/step_result.h"

namespace whygpu::host_program {

class ProgramChild {
 public:
  // Starts `executable` (a whygpu binary) on the program for `options`; the child makes
  // its host arrays and says it is ready.
  Status start(const std::string& executable, const ProgramOptions& options, const std::atomic<bool>* cancel);
  // Runs the next line. A child that dies or does not answer in `timeout_seconds` is an
  // error saying so.
  Status step(StepResult* out, double timeout_seconds, const std::atomic<bool>* cancel);
  // Runs every line left back to back, as the program would run on its own (stepping
  // pauses it between lines), and appends their results.
  Status run_rest(std::vector<StepResult>* out, double timeout_seconds, const std::atomic<bool>* cancel);
  int steps() const { return steps_; }
  int done() const { return done_; }
  bool finished() const { return started_ && done_ >= steps_; }
  void stop();  // ends the child (what it had allocated goes with it)

 private:
  ChildProcess child_;
  bool started_ = false;
  int steps_ = 0;
  int done_ = 0;
};

// The child's side: `whygpu host-program --serve ...` prints "ready STEPS", then answers
// each "step" line on its standard input with one result line, and "all" with the result
// lines of every line left (run first, printed after), until the program ends or its
// input does. Returns the exit code.
int serve_program(const ProgramOptions& options);

}  // namespace whygpu::host_program
