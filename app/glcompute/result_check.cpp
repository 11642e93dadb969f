#include "app/glcompute/result_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace whygpu::app {
namespace {

std::string element(int i, int j) { return "C[" + std::to_string(i) + "][" + std::to_string(j) + "]"; }

// In the C locale: the page writes it with its own decimal separator (Wording::number).
Wording number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.7g", v);
  return Wording::number(text);
}

}  // namespace

Status check_vector_add(const float* a, const float* b, const float* c, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const double expected = static_cast<double>(a[i]) + static_cast<double>(b[i]);
    const double allowed = 1e-6 * (std::fabs(a[i]) + std::fabs(b[i]));
    if (!(std::fabs(c[i] - expected) <= allowed))
      return Status::error(
          Wording::sentence(std::isnan(c[i]) ? N_("c[{0}] = {1} but a + b = {2} (NaN: the kernel never wrote it)")
                                             : N_("c[{0}] = {1} but a + b = {2}"),
                            {std::to_string(i), number(c[i]), number(expected)}));
  }
  return Status::ok();
}

Status check_matmul(const float* a, const float* b, const float* c, int m, int n, int k, int rows_to_check) {
  const auto at = [n](int i, int j) { return static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + j; };
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (!std::isfinite(c[at(i, j)]))
        return Status::error(Wording::sentence(
            std::isnan(c[at(i, j)]) ? N_("{0} = {1}: the kernel never wrote it") : N_("{0} = {1}"),
            {element(i, j), number(c[at(i, j)])}));
  std::vector<int> rows;
  if (rows_to_check >= m) {
    for (int i = 0; i < m; ++i) rows.push_back(i);
  } else {
    for (int r = 0; r < rows_to_check; ++r)
      rows.push_back(rows_to_check > 1 ? static_cast<int>(static_cast<long long>(r) * (m - 1) / (rows_to_check - 1)) : 0);
  }
  double diff = 0.0, norm = 0.0, worst = -1.0;
  int worst_i = 0, worst_j = 0;
  double worst_expected = 0.0;
  std::vector<double> row(static_cast<std::size_t>(n));
  for (int i : rows) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int p = 0; p < k; ++p) {
      const double x = a[static_cast<std::size_t>(i) * k + p];
      const float* b_row = b + static_cast<std::size_t>(p) * n;
      for (int j = 0; j < n; ++j) row[j] += x * b_row[j];
    }
    for (int j = 0; j < n; ++j) {
      const double d = c[at(i, j)] - row[j];
      diff += d * d;
      norm += row[j] * row[j];
      if (std::fabs(d) > worst) worst = std::fabs(d), worst_i = i, worst_j = j, worst_expected = row[j];
    }
  }
  const double relative = norm > 0.0 ? std::sqrt(diff / norm) : std::sqrt(diff);
  if (relative < kMatmulTolerance) return Status::ok();
  return Status::error(Wording::sentence(
      N_("relative error {0} over {1} rows checked (allowed {2}); worst {3} = {4}, the CPU says {5}"),
      {number(relative), std::to_string(rows.size()), number(kMatmulTolerance), element(worst_i, worst_j),
       number(c[at(worst_i, worst_j)]), number(worst_expected)}));
}

}  // namespace whygpu::app
