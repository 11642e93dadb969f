#pragma once
// The LSTM's steps with the trained example model, recorded on a GPU machine
// (`whygpu record`, part "lstm"): the same prime, temperature and seed on the GPU
// generator and on that machine's CPU generator, each step timed, and the text each
// wrote. Without a GPU the step view steps live on the CPU and shows, beside its own time,
// the recorded GPU's, labelled as recorded.
#include <cstdint>
#include <string>

#include "compute/bench/recording_file.h"

namespace whygpu::lstm {

inline constexpr bench::RecordingKind kStepRecording = bench::recording_part("lstm", "whygpu lstm recording");
// The prime the step view starts from, and the recording uses.
inline constexpr const char* kStepViewPrime = "The people of the United States ";

struct RecordedGeneration {
  std::string generator;   // the generator's description ("GPU: NVIDIA H100 ...")
  double step_us = 0.0;    // median time of one step (feed one character, draw the next)
  std::string text;        // the prime and what was drawn after it, UTF-8
};

struct StepRecording {
  bench::RunInfo run;
  long long model_steps = 0;  // the training steps the model file records (which model)
  std::string prime;
  float temperature = 0.8f;
  std::uint64_t seed = 1;
  int steps = 0;              // characters drawn after the prime
  RecordedGeneration gpu, cpu;
};

// Loads `model_path` and generates `steps` characters after `prime` on the GPU and on the
// CPU of this machine. An error without a GPU.
Status record_steps(const std::string& model_path, const std::string& prime, int steps, StepRecording* out);

// model_steps of 0 or more, steps of 1 or more, each generation with its step time.
void to_json(bench::Json& json, const StepRecording& recording);
void from_json(const bench::Json& json, StepRecording& recording);

}  // namespace whygpu::lstm
