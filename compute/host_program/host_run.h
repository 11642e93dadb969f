#pragma once
// Runs the host program (program.h) one line at a time in this process, with the real
// CUDA runtime calls each line shows, timing each call on the CPU's clock. Meant for a
// child process of its own (host_cli.h): the host-pointer mistake can leave the CUDA
// context unusable for good, and the first line creates a context from nothing.
#include <memory>
#include <vector>

#include "compute/host_program/program.h"
#include "compute/host_program/step_result.h"

namespace whygpu::host_program {

class ProgramRun {
 public:
  // Makes the host arrays: a and b random, c zeros (as std::vector<float>(n) makes it).
  // No CUDA call is made before the first step.
  explicit ProgramRun(const ProgramOptions& options);
  ~ProgramRun();  // frees what the program left allocated
  ProgramRun(const ProgramRun&) = delete;
  ProgramRun& operator=(const ProgramRun&) = delete;

  const std::vector<Step>& steps() const { return steps_; }
  bool done() const { return next_ >= static_cast<int>(steps_.size()); }
  // Runs the next line (or reports it missing or not run) and returns what it did. The
  // last result also carries the kernel's time on the GPU's clock when it could be read.
  StepResult step();

 private:
  struct Device;  // the CUDA state (events, pointers), defined in host_run.cu
  ProgramOptions options_;
  std::vector<Step> steps_;
  std::vector<float> a_, b_, c_;
  std::unique_ptr<Device> device_;
  int next_ = 0;
  bool stopped_ = false;
};

}  // namespace whygpu::host_program
