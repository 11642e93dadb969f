#pragma once
// Turning benchmark rows into what people and programs read: an aligned table, JSON and
// CSV (all three begin with the RunInfo), plus the summary lines that state the ratios
// the issue asks for ("vector add = 97% of a device-to-device copy in this run").
// The JSON form is also the reference-data format (reference_data.h reads it back).
#include <string>
#include <vector>

#include "compute/bench/json.h"
#include "compute/bench/recording_file.h"
#include "compute/kernels/measurement.h"
#include "compute/bench/run_info.h"

namespace whygpu::bench {

// Format version written as "format_version"; readers reject newer versions.
constexpr int kBenchFormatVersion = 1;
inline constexpr RecordingKind kBenchRecording{"whygpu-bench", kBenchFormatVersion, "whygpu bench file"};

std::string format_table(const RunInfo& run, const std::vector<kernels::Measurement>& rows);
std::string format_csv(const RunInfo& run, const std::vector<kernels::Measurement>& rows);
// The JSON form: a whygpu-bench recording (reference_data.h) of these rows and their summary.
Json bench_document(const RunInfo& run, const std::vector<kernels::Measurement>& rows);

// Ratios measured in one run, as sentences (empty when the rows do not allow them).
std::vector<std::string> summarize(const std::vector<kernels::Measurement>& rows);

// The size column: "4096" (matmul n), "2^28" (elements), "256 MiB" (copy bytes).
std::string format_size(const kernels::Measurement& row);

}  // namespace whygpu::bench

namespace whygpu::kernels {
// One result row: the timing's fields at the row's level, the rates (written for readers,
// worked out again when read), the state by name; benchmark, variant, state, size,
// median_ms and repeats are required.
void to_json(bench::Json& json, const Measurement& row);
void from_json(const bench::Json& json, Measurement& row);
}  // namespace whygpu::kernels
