#pragma once
// Dense-layer timings as a JSON file ("format": "whygpu-dense-layer"), so the H100 run
// recorded by `whygpu bench dense --json FILE` can be shown, labelled, where there is no GPU.
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/dense_layer/dense_bench.h"

namespace whygpu::dense_layer {

inline constexpr bench::RecordingKind kDenseRecording{"whygpu-dense-layer", 1, "whygpu dense-layer recording"};

// Relative to the checkout: the recording the dense-layer panel shows without a GPU.
inline constexpr const char* kDenseReferencePath = "assets/reference/h100-dense-layer.json";

struct DenseRecording {
  bench::RunInfo run;
  std::vector<DenseTiming> rows;

  // The row measured at exactly these sizes, or nullptr.
  const DenseTiming* find(const DenseSizes& sizes) const;
};

// A row: its sizes as "out", "in" and "batch" (checked by check_sizes), the CPU's timing
// when taken, and the GPU's five when gpu_measured (then all required).
void to_json(bench::Json& json, const DenseTiming& row);
void from_json(const bench::Json& json, DenseTiming& row);
void to_json(bench::Json& json, const DenseRecording& recording);
void from_json(const bench::Json& json, DenseRecording& recording);

}  // namespace whygpu::dense_layer
