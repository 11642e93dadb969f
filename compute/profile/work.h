#pragma once
// The pieces of GPU work the timeline lesson records, each a callable: made (memory,
// data, a trainer, warm-up steps) before recording, so that a recording holds the work
// itself and nothing of its setting up.
//   cnn-step        one training step of the MNIST CNN, kernels launched one by one
//   cnn-step-graph  the same step replayed as one CUDA graph
//   lstm-step       one training step of the character LSTM (one CUDA graph)
//   lstm-step-eager the same step with eager launches
//   vector-add      c = a + b with its copies: cudaMalloc, copy in, kernel, copy out, free
//   matmul          one rung of the matmul ladder on device-resident matrices
#include <memory>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/core/wording.h"
#include "compute/profile/timeline.h"

namespace whygpu::profile {

struct WorkOptions {
  int cnn_batch = 64;
  long long vector_elements = 1 << 24;  // vector-add: 64 MiB per array
  int matmul_n = 2048;                  // n x n x n
  std::string matmul_variant = "gpu-register-tiled";
  int matmul_repeats = 1;               // products per run, back to back
  int warmup_runs = 3;                  // runs before the recorded one (graph capture, cuBLAS set-up)
};

struct WorkInfo {
  std::string key;      // "cnn-step"
  std::string summary;  // one line for --help
};
const std::vector<WorkInfo>& profiled_works();

class ProfiledWork {
 public:
  virtual ~ProfiledWork() = default;
  // What one run does, with its sizes: "one training step of the MNIST CNN, batch 64,
  // kernels launched one by one".
  virtual Wording description() const = 0;
  // The work recorded; returns once its GPU work has finished.
  virtual Status run() = 0;
};

// Makes the work and runs it options.warmup_runs times. Errors name the work and why
// (an unknown key lists the known ones).
Status make_profiled_work(const std::string& key, const WorkOptions& options, std::unique_ptr<ProfiledWork>* out);

// The whole recording of one work: made (with its warm-up runs) while CUPTI already
// watches, then one run recorded (cupti_recorder.h). `command` is stored in the file.
Status record_work(const std::string& key, const WorkOptions& options, const std::string& command, Timeline* out);

// The matmul rung (work_matmul.cpp; a build without CUDA says so).
Status make_matmul_work(const WorkOptions& options, std::unique_ptr<ProfiledWork>* out);

}  // namespace whygpu::profile
