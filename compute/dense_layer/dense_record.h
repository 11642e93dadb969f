#pragma once
// Dense-layer timings as a JSON file ("format": "whygpu-dense-layer"), so the H100 run
// recorded by `whygpu bench dense --json FILE` can be shown, labelled, where there is no GPU.
#include <string>
#include <string_view>
#include <vector>

#include "compute/bench/run_info.h"
#include "compute/dense_layer/dense_bench.h"

namespace whygpu::dense_layer {

inline constexpr int kDenseFormatVersion = 1;

// Relative to the checkout: the recording the dense-layer panel shows without a GPU.
inline constexpr const char* kDenseReferencePath = "assets/reference/h100-dense-layer.json";

struct DenseRecording {
  bench::RunInfo run;
  std::vector<DenseTiming> rows;

  // The row measured at exactly these sizes, or nullptr.
  const DenseTiming* find(const DenseSizes& sizes) const;
};

std::string dense_recording_json(const DenseRecording& recording);
// Errors name the problem and the row ("row 3: no \"fused\" timing").
Status parse_dense_recording(std::string_view json_text, DenseRecording* out);
Status load_dense_recording(const std::string& path, DenseRecording* out);

}  // namespace whygpu::dense_layer
