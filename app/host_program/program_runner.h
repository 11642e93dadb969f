#pragma once
// Drives the host program's child process (compute/host_program/program_child.h) off the
// UI thread: a press of Step runs one line, Run all the rest; the UI reads a snapshot of
// the lines done so far each frame.
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "compute/host_program/program_child.h"

namespace whygpu::app {

class ProgramRunner {
 public:
  ProgramRunner() = default;
  ~ProgramRunner();  // stops the child and waits for the worker
  ProgramRunner(const ProgramRunner&) = delete;
  ProgramRunner& operator=(const ProgramRunner&) = delete;

  // Runs the next line (step), or every line left back to back (run_all), of the program
  // for `options`, starting that program in a fresh child first when none is under way.
  // Ignored while busy().
  void step(const host_program::ProgramOptions& options);
  void run_all(const host_program::ProgramOptions& options);
  // Ends the program (its child goes) and forgets its lines; ignored while busy().
  void reset();
  // Stops the line under way (its child is killed); reset() can then forget the program.
  void cancel() { cancel_.store(true); }
  bool busy() const { return busy_.load(); }

  struct Snapshot {
    host_program::ProgramOptions options;
    std::vector<host_program::StepResult> results;  // the lines done, in order
    int lines = 0;                                   // of the program (0: none started)
    std::string error;                               // the child could not start or answer
    bool stepped = false;                            // some lines ran one press at a time
    bool finished() const { return lines > 0 && static_cast<int>(results.size()) >= lines; }
  };
  Snapshot snapshot() const;

 private:
  void launch(const host_program::ProgramOptions& options, bool all);
  std::atomic<bool> busy_{false};
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;
  Snapshot state_;                  // guarded by mutex_
  host_program::ProgramChild child_;  // used by the worker only (and by reset once it is idle)
  std::thread worker_;
};

}  // namespace whygpu::app
