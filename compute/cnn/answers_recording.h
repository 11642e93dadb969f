#pragma once
// The CNN with the trained example weights, recorded on a GPU machine (`whygpu record`,
// part "cnn"): the GPU's test accuracy and time for the whole test set, and for the
// first test images its answer and how far its feature maps are from that machine's
// CPU's. Without a GPU the feature-map page computes the maps live on the CPU and, for
// those weights and images, shows the recorded GPU's answer beside them, labelled.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/cnn/dataset.h"

namespace whygpu::cnn {

inline constexpr bench::RecordingKind kAnswersRecording = bench::recording_part("cnn", "whygpu cnn recording");

// Which weights: FNV-1a of the parameters' bytes, printed in hex (the same weights give
// the same fingerprint on every machine).
std::string weights_fingerprint(const std::vector<float>& params);

struct RecordedAnswer {
  int image = 0;          // test-set index
  int label = 0;
  int predicted = 0;
  float probability = 0;  // given to the predicted class
  double max_map_difference = 0.0;  // largest |GPU - CPU| over every layer's activations
};

struct AnswersRecording {
  bench::RunInfo run;
  std::string weights;       // weights_fingerprint
  std::string gpu_trainer, cpu_trainer;
  double gpu_test_accuracy = 0.0;  // percent
  double gpu_test_ms = 0.0, cpu_test_ms = 0.0;  // the whole test set, forward passes only
  int test_images = 0;
  std::vector<RecordedAnswer> answers;
  // The answer for test image `image`, or null.
  const RecordedAnswer* find(int image) const;
};

// Loads `weights_path`, tests on `data`'s test set on the GPU and on the CPU (cpu_threads)
// and records the first `images` test images' answers.
Status record_answers(const std::string& weights_path, const DatasetPair& data, int images, int cpu_threads,
                      AnswersRecording* out);

// The answers' predictions must be classes, and the weights named.
void to_json(bench::Json& json, const AnswersRecording& recording);
void from_json(const bench::Json& json, AnswersRecording& recording);

}  // namespace whygpu::cnn
