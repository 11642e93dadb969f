#pragma once
// Helpers for the kernel checks: fresh random inputs, float64 references, NaN poison and
// the relative error ||out - ref|| / ||ref|| (NaN anywhere counts as failure).
#include <cblas.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "compute/kernels/random_fill.h"

namespace whygpu::kernels::testing {

inline std::vector<float> random_vector(std::size_t n, std::uint64_t seed) {
  std::vector<float> v(n);
  fill_uniform(v.data(), n, seed);
  return v;
}

inline std::vector<float> poisoned(std::size_t n) {
  return std::vector<float>(n, std::numeric_limits<float>::quiet_NaN());
}

// ||out - ref||_2 / ||ref||_2; infinity when any output is NaN or infinite.
inline double relative_error(const std::vector<float>& out, const std::vector<double>& ref) {
  double diff = 0.0, norm = 0.0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    if (!std::isfinite(out[i])) return std::numeric_limits<double>::infinity();
    const double d = static_cast<double>(out[i]) - ref[i];
    diff += d * d;
    norm += ref[i] * ref[i];
  }
  return norm > 0.0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

// C = A B in float64 (OpenBLAS dgemm on upcast inputs), row-major.
inline std::vector<double> matmul_reference(const std::vector<float>& a,
                                            const std::vector<float>& b, int m, int n, int k) {
  std::vector<double> a64(a.begin(), a.end()), b64(b.begin(), b.end());
  std::vector<double> c(static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a64.data(), k,
              b64.data(), n, 0.0, c.data(), n);
  return c;
}

// Tolerances on the relative error, by precision of the inputs.
inline double tolerance_for(const std::string_view precision) {
  if (precision == "fp32") return 1e-5;
  if (precision == "tf32") return 1e-3;  // 10-bit mantissa: 2.6e-4 measured on an H100
  return 1e-2;                           // fp16, bf16
}

}  // namespace whygpu::kernels::testing
