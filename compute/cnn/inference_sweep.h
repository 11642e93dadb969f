#pragma once
// Inference at every batch size: requests of 1 to 4096 images answered by the trained
// CNN on the CPU and on the GPU, each request timed from the images in host memory to
// the probabilities back in host memory. Latency (how long one request waits) against
// throughput (images per second): the larger the batch, the more images per second and
// the longer each request takes, so a server picks the largest batch whose latency still
// meets its budget.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/cnn/dataset.h"
#include "compute/core/status.h"

namespace whygpu::cnn {

inline constexpr int kInferenceMaxBatch = 4096;
// The CPU forward pass works through a request in chunks of this many images, so its
// memory stays that of 256 images whatever the batch.
inline constexpr int kCpuInferenceChunk = 256;
// The latency budget the lesson and the panel mark (a request answered within 10 ms
// feels instant in an interactive service).
inline constexpr double kDefaultLatencyBudgetMs = 10.0;

struct InferencePoint {
  int batch = 0;
  bool on_gpu = false;
  double median_ms = 0.0;  // per request
  double min_ms = 0.0;
  int repeats = 0;
  double images_per_s() const { return median_ms > 0 ? batch * 1e3 / median_ms : 0.0; }
};

struct InferenceSweepOptions {
  int min_batch = 1;
  int max_batch = kInferenceMaxBatch;  // powers of two from min to max
  int repeats = 20;                    // timed requests per batch (the median is kept)...
  double budget_seconds = 1.0;         // ...unless they take longer than this
  int cpu_threads = 0;                 // 0: every hardware thread
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const InferencePoint&)> on_point;  // each point as it is measured
};

// `params`: model.h's layout; `images`: the requests are its first images, repeated when
// a batch is larger. A cancelled sweep returns an error saying so, keeping its points.
Status sweep_cpu_inference(const std::vector<float>& params, const Dataset& images, const InferenceSweepOptions& options,
                           std::vector<InferencePoint>* points);
Status sweep_gpu_inference(const std::vector<float>& params, const Dataset& images, const InferenceSweepOptions& options,
                           std::vector<InferencePoint>* points);

// The largest batch whose median latency is within budget_ms (0 when none is).
int largest_batch_within(const std::vector<InferencePoint>& points, bool on_gpu, double budget_ms);
// The smallest batch whose latency exceeds budget_ms (0 when none does).
int first_batch_over(const std::vector<InferencePoint>& points, bool on_gpu, double budget_ms);

// A sweep as a recording (assets/reference/inference.json), shown without a GPU.
inline constexpr const char* kInferenceRecordingPath = "assets/reference/inference.json";
struct InferenceRecording {
  bench::RunInfo run;
  std::vector<InferencePoint> points;
};
inline constexpr bench::RecordingKind kInferenceRecording{"whygpu-inference", 1, "whygpu inference recording"};
// "points": each a batch of 1 or more, its "device" ("gpu" or "cpu") and a median_ms above 0.
void to_json(bench::Json& json, const InferenceRecording& recording);
void from_json(const bench::Json& json, InferenceRecording& recording);
// `whygpu bench cnn-inference [options]` (the field table in inference_sweep.cpp; --help);
// returns the exit code.
int run_inference_bench(const std::vector<std::string>& args);

}  // namespace whygpu::cnn
