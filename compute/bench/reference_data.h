#pragma once
// Recorded benchmark results (assets/reference/*.json, written by `whygpu bench ... --json`)
// that the timing lessons show on machines without an NVIDIA GPU, always labelled with
// the machine and date they come from.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compute/bench/json.h"
#include "compute/bench/run_info.h"
#include "compute/kernels/measurement.h"

namespace whygpu::bench {

// Relative to the source tree or install prefix: the H100 run shipped with whygpu.
constexpr const char* kH100ReferencePath = "assets/reference/h100-bench.json";
// The OpenGL shaders beside CUDA on the same H100 (`whygpu bench opengl --json`).
constexpr const char* kH100OpenGlReferencePath = "assets/reference/h100-opengl.json";

struct ReferenceData {
  RunInfo run;
  std::vector<std::string> summary;
  std::vector<kernels::Measurement> rows;

  // Measured rows of one benchmark and variant ("" phase unless given), by size.
  std::vector<const kernels::Measurement*> find(std::string_view benchmark, std::string_view variant,
                                       std::string_view phase = "") const;
};

// A whygpu-bench recording (bench_format.h's kBenchRecording): "summary", and the rows as
// "results".
void to_json(Json& json, const ReferenceData& data);
void from_json(const Json& json, ReferenceData& data);

// Parses the JSON document; any problem (not JSON, wrong format, a newer version, a
// malformed result) is an error naming it.
Status parse_reference_data(std::string_view json_text, ReferenceData* out);
Status load_reference_data(const std::string& path, ReferenceData* out);

}  // namespace whygpu::bench
