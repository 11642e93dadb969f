#pragma once
// Pipeline timings as a JSON file ("format": "whygpu-data-pipeline"), so a GPU run recorded
// by `whygpu bench pipeline --json FILE` can be shown, faded and labelled, where there is no GPU.
#include <string>

#include "compute/bench/recording_file.h"
#include "compute/pipeline/pipeline_bench.h"

namespace whygpu::pipeline {

inline constexpr bench::RecordingKind kPipelineRecording{"whygpu-data-pipeline", 1, "whygpu data-pipeline recording"};

// Relative to the checkout: the recording the data-pipeline panel shows without a GPU.
inline constexpr const char* kPipelineReferencePath = "assets/reference/h100-data-pipeline.json";

struct PipelineRecording {
  bench::RunInfo run;
  PipelineTiming timing;
};

// The timing's members at the top of the document and its steps, in order, as "steps"
// (each named, with the timings taken; a GPU timing is required where the GPU measured it).
void to_json(bench::Json& json, const PipelineRecording& recording);
void from_json(const bench::Json& json, PipelineRecording& recording);

}  // namespace whygpu::pipeline
