#include "app/kernels/curves.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace whygpu::app {

Curve curve_of(const std::vector<kernels::Measurement>& rows, std::string_view benchmark,
               std::string_view variant, std::string_view phase,
               const std::function<double(const kernels::Measurement&)>& value) {
  std::map<std::int64_t, const kernels::Measurement*> by_size;
  for (const kernels::Measurement& row : rows)
    if (row.state == kernels::RowState::Measured && row.benchmark == benchmark && row.variant == variant &&
        row.phase == phase)
      by_size[row.size] = &row;
  Curve curve;
  for (const auto& [size, row] : by_size) {
    curve.x.push_back(static_cast<double>(size));
    curve.y.push_back(value(*row));
    curve.notes.push_back(describe_row(*row));
  }
  return curve;
}

std::vector<double> sample_at(const Curve& curve, const std::vector<double>& sizes) {
  std::vector<double> out;
  for (const double size : sizes) {
    const auto at = std::find(curve.x.begin(), curve.x.end(), size);
    out.push_back(at == curve.x.end() ? std::numeric_limits<double>::quiet_NaN()
                                      : curve.y[static_cast<std::size_t>(at - curve.x.begin())]);
  }
  return out;
}

std::vector<double> all_sizes(const std::vector<const Curve*>& curves) {
  std::vector<double> sizes;
  for (const Curve* c : curves) sizes.insert(sizes.end(), c->x.begin(), c->x.end());
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::string describe_row(const kernels::Measurement& row) {
  char text[200];
  int used = std::snprintf(text, sizeof text, "median %.4g ms (p10-p90 %.4g-%.4g, %d runs)", row.time.median_ms,
                           row.time.p10_ms, row.time.p90_ms, row.time.repeats);
  if (row.gbytes_per_s() > 0 && used > 0 && used < static_cast<int>(sizeof text))
    used += std::snprintf(text + used, sizeof text - used, ", %.4g GB/s", row.gbytes_per_s());
  if (row.gflops() > 0 && used > 0 && used < static_cast<int>(sizeof text))
    std::snprintf(text + used, sizeof text - used, ", %.4g GFLOP/s", row.gflops());
  return text;
}

}  // namespace whygpu::app
