#pragma once
// Pipeline timings as a JSON file ("format": "whygpu-data-pipeline"), so a GPU run recorded
// by `whygpu bench pipeline --json FILE` can be shown, faded and labelled, where there is no GPU.
#include <string>
#include <string_view>

#include "compute/bench/run_info.h"
#include "compute/pipeline/pipeline_bench.h"

namespace whygpu::pipeline {

inline constexpr int kPipelineFormatVersion = 1;

// Relative to the checkout: the recording the data-pipeline panel shows without a GPU.
inline constexpr const char* kPipelineReferencePath = "assets/reference/h100-data-pipeline.json";

struct PipelineRecording {
  bench::RunInfo run;
  PipelineTiming timing;
};

std::string pipeline_recording_json(const PipelineRecording& recording);
// Errors name the problem and the step ("step resize: no \"gpu_batch\" timing").
Status parse_pipeline_recording(std::string_view json_text, PipelineRecording* out);
Status load_pipeline_recording(const std::string& path, PipelineRecording* out);

}  // namespace whygpu::pipeline
