#pragma once
// What `whygpu bench cnn --precision ... --json FILE` measures, as a document the
// mixed-precision panel reads back on computers without an NVIDIA GPU (always labelled
// with the machine and date it was recorded on).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/core/status.h"
#include "compute/precision/number_formats.h"

namespace whygpu::precision {

// Relative to the checkout: the run recorded on a GPU server and shipped with whygpu.
inline constexpr const char* kPrecisionRecordingPath = "assets/reference/precision.json";
inline constexpr bench::RecordingKind kPrecisionRecording{"whygpu-precision", 1, "whygpu mixed-precision recording"};

struct PrecisionTiming {
  Precision precision = Precision::fp32;
  int width = 1;
  int batch = 0;
  double median_ms = 0.0;  // one step, CUDA events, median after warm-up
  double min_ms = 0.0;
  double step_gflop = 0.0;  // matrix arithmetic of one step
  double images_per_s() const { return median_ms > 0 ? batch * 1e3 / median_ms : 0.0; }
  double tflops() const { return median_ms > 0 ? step_gflop / median_ms : 0.0; }  // GFLOP/ms = TFLOP/s
};

struct PrecisionAccuracy {
  Precision precision = Precision::fp32;
  int width = 1;
  std::uint64_t seed = 1;
  int epochs = 0;
  double accuracy = 0.0;  // test accuracy after the last epoch, in [0, 1]
  double train_seconds = 0.0;
  int skipped_steps = 0;  // fp16: steps skipped for overflowing gradients
  double final_scale = 1.0;
};

struct PrecisionRecording {
  bench::RunInfo run;
  std::string data;  // what the accuracy runs trained and tested on
  std::vector<PrecisionTiming> timings;
  std::vector<PrecisionAccuracy> accuracy;
};

// "data", "timings" (each with a batch and a time above 0) and "accuracy" (each in 0..1);
// precisions by key ("bf16").
void to_json(bench::Json& json, const PrecisionRecording& recording);
void from_json(const bench::Json& json, PrecisionRecording& recording);
// Mean test accuracy over the seeds of one precision and width (NaN when none).
double mean_accuracy(const PrecisionRecording& recording, Precision precision, int width);
// The timing of one precision and width, or nullptr.
const PrecisionTiming* find_timing(const PrecisionRecording& recording, Precision precision, int width);

}  // namespace whygpu::precision
