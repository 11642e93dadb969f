#pragma once
// Picking one curve (a variant at every size) out of benchmark rows, live or recorded.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compute/kernels/measurement.h"

namespace whygpu::app {

struct Curve {
  std::vector<double> x;  // sizes, ascending
  std::vector<double> y;
  std::vector<std::string> notes;  // per point: the other rate and the spread, for the read-out
  bool empty() const { return x.empty(); }
};

// Measured rows of one benchmark, variant and phase, by ascending size, with y = value(row).
// When a size appears twice, the later row wins (a re-run replaces the old one).
Curve curve_of(const std::vector<kernels::Measurement>& rows, std::string_view benchmark,
               std::string_view variant, std::string_view phase,
               const std::function<double(const kernels::Measurement&)>& value);

// The curve's y at each of `sizes`, NaN where it has no point: curves sampled alike can be
// compared point by point (plot::crossover_x).
std::vector<double> sample_at(const Curve& curve, const std::vector<double>& sizes);

// Every size of any of the curves, ascending, once.
std::vector<double> all_sizes(const std::vector<const Curve*>& curves);

// "median 1.23 ms (p10-p90 1.2-1.31, 20 runs), 45.6 GB/s, 12.3 GFLOP/s": the read-out line of a
// row, in the interface's language and number style ("médiane 1,23 ms ..." in French).
std::string describe_row(const kernels::Measurement& row);

}  // namespace whygpu::app
