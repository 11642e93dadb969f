#pragma once
// Records a timeline of real GPU work with CUPTI's activity API, the interface Nsight
// Systems and the PyTorch profiler are built on: every kernel (name, grid, block,
// registers, shared memory, start and end, stream), copy, memset and CUDA runtime call
// made while a given piece of work runs. CUPTI (libcupti.so.13 from the CUDA toolkit) is
// opened at run time, so whygpu starts without it; without it, without a GPU, or in a
// build without CUDA, recording returns a Status saying which.
//
//   Timeline t;
//   if (Status s = record_timeline([&] { return trainer->train(1, nullptr); }, {"cnn-step", "one step"}, &t); !s) ...
#include <functional>
#include <string>

#include "compute/core/status.h"
#include "compute/profile/timeline.h"

namespace whygpu::profile {

struct RecordOptions {
  std::string work;         // copied into the timeline: "cnn-step"
  Wording description;      // "one training step of the MNIST CNN, batch 64, as a CUDA graph"
  std::string command;      // what recorded it, for the file: "whygpu bench timeline --work cnn-step"
};

// Runs `work` on this thread with recording on, waits for the GPU work it queued, and
// fills `out` (normalized: host lanes first, then streams). Host calls are those of every
// thread of the process while `work` runs, GPU items those of every stream. One recording
// at a time per process: a second call while one runs is refused. A failure of `work`
// itself is returned as its Status (the timeline is still filled).
// `prepare`, when given, runs first, with CUPTI already watching but its records left out:
// the work's set-up (a CUDA graph captured and instantiated, cuBLAS's first call), so
// that whatever CUPTI learns as things are made, it learns before the recorded run.
Status record_timeline(const std::function<Status()>& work, const RecordOptions& options, Timeline* out,
                       const std::function<Status()>& prepare = {});

// OK when CUPTI loads and a GPU is usable; else the reason ("libcupti.so.13 not found
// (tried ...)", "no CUDA device: ...", "built without CUDA").
Status timeline_recording_available();

}  // namespace whygpu::profile
