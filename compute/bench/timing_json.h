#pragma once
// One TimingStats in a recording's JSON ({"median_ms", "p10_ms", "p90_ms", "repeats"}), written
// and read the same way by every recording that keeps timings by name (the dense layer's, the
// data pipeline's). p10_ms and p90_ms default to the median; a median below 0 or fewer
// than one repeat is refused.
#include "compute/bench/json.h"
#include "compute/core/measure.h"

namespace whygpu {

void to_json(bench::Json& json, const TimingStats& timing);
void from_json(const bench::Json& json, TimingStats& timing);

}  // namespace whygpu
