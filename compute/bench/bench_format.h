#pragma once
// Turning benchmark rows into what people and programs read: an aligned table, JSON and
// CSV (all three begin with the RunInfo), plus the summary lines that state the ratios
// the issue asks for ("vector add = 97% of a device-to-device copy in this run").
// The JSON form is also the reference-data format (reference_data.h reads it back).
#include <string>
#include <vector>

#include "compute/bench/json.h"
#include "compute/kernels/measurement.h"
#include "compute/bench/run_info.h"

namespace whygpu::bench {

// Format version written as "format_version"; readers reject newer major versions.
constexpr int kBenchFormatVersion = 1;

std::string format_table(const RunInfo& run, const std::vector<kernels::Measurement>& rows);
std::string format_csv(const RunInfo& run, const std::vector<kernels::Measurement>& rows);
JsonValue bench_document(const RunInfo& run, const std::vector<kernels::Measurement>& rows);

JsonValue run_info_to_json(const RunInfo& run);
RunInfo run_info_from_json(const JsonValue& json);
// The header every recording of a GPU run starts with: "format", "format_version" and
// the "run" (device, driver, date, command) that made it.
JsonValue recording_header(const std::string& format, int version, const RunInfo& run);
// That header's "run", which a recording must carry (nothing is shown as recorded
// without saying where); `what` names the file in the error.
Status recording_run(const JsonValue& doc, const std::string& what, RunInfo* run);
JsonValue row_to_json(const kernels::Measurement& row);
// Errors when a required field is missing or of the wrong type.
Status row_from_json(const JsonValue& json, kernels::Measurement* row);

// Ratios measured in one run, as sentences (empty when the rows do not allow them).
std::vector<std::string> summarize(const std::vector<kernels::Measurement>& rows);

// The size column: "4096" (matmul n), "2^28" (elements), "256 MiB" (copy bytes).
std::string format_size(const kernels::Measurement& row);

}  // namespace whygpu::bench
