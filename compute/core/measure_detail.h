#pragma once
// Pieces of the measurement harness shared by its CPU part (measure.cpp) and its CUDA
// part (measure_gpu.cu). Not for callers: use measure.h.
#include "compute/core/measure.h"

namespace whygpu::measure_detail {

// Rejects nonsensical options (repeats < 1, negative budget, ...) with a clear message.
Status check_options(const MeasureOptions& options);

// How many timed runs to make, given one run's estimated duration from the warm-up:
// `repeats`, cut down by the budget, but never below `min_repeats`.
int planned_repeats(const MeasureOptions& options, double estimate_ms);

}  // namespace whygpu::measure_detail
