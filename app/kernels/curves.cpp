#include "app/kernels/curves.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"

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
  const auto runs = static_cast<unsigned long>(std::max(row.time.repeats, 0));
  // TRANSLATORS: a measured point's note, on hovering it: the median time, the spread of the
  // middle 80% of the runs (10th to 90th percentile), and how many runs were timed.
  std::string text = fill(tr_n("median {0} ms (p10-p90 {1}-{2}, {3} run)", "median {0} ms (p10-p90 {1}-{2}, {3} runs)", runs),
                          {significant_text(row.time.median_ms, 4), significant_text(row.time.p10_ms, 4),
                           significant_text(row.time.p90_ms, 4), with_commas(static_cast<double>(runs))});
  if (row.gbytes_per_s() > 0) text = fill(tr("{0}, {1}"), {text, significant_text(row.gbytes_per_s(), 4) + " GB/s"});
  if (row.gflops() > 0) text = fill(tr("{0}, {1}"), {text, significant_text(row.gflops(), 4) + " GFLOP/s"});
  return text;
}

}  // namespace whygpu::app
