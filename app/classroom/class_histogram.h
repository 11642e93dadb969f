#pragma once
// How a round's answers stack up on the projector: for a number, bins of equal width on
// the slider's logarithmic scale from min to max; for choices, one bar each.
#include <vector>

#include "app/classroom/class_state.h"

namespace whygpu::app {

constexpr int kClassNumberBins = 12;

std::vector<int> class_histogram(const ClassQuestion& question, const ClassRound& round);

// Where `value` lies on the slider's log scale, 0 at min and 1 at max, clamped.
double slider_position(const ClassQuestion& question, double value);

}  // namespace whygpu::app
