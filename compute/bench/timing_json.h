#pragma once
// One TimingStats in a recording's JSON ({"median_ms", "p10_ms", "p90_ms", "repeats"}), written
// and read the same way by every recording that keeps timings by name (the dense layer's, the
// data pipeline's).
#include "compute/bench/json.h"
#include "compute/core/measure.h"
#include "compute/core/status.h"

namespace whygpu::bench {

JsonValue timing_to_json(const TimingStats& t);

// Reads row[key]; a missing key is an error only when `required` ("no \"fused\" timing").
Status timing_from_json(const JsonValue& row, const char* key, bool required, TimingStats* out);

}  // namespace whygpu::bench
