#pragma once
// Checks of a GPU's output against the CPU, for the OpenGL kernels: every result the
// sweeps time is checked once first, because an OpenGL driver may compute in lower
// precision or skip work without an error. A failure names the first wrong element.
#include <cstddef>

#include "compute/core/status.h"

namespace whygpu::app {

// c[i] == a[i] + b[i] up to rounding (a correctly rounded FP32 add gives it exactly).
Status check_vector_add(const float* a, const float* b, const float* c, std::size_t n);

// C = A B (row-major; A m x k, B k x n): every element of C finite (NaN where a kernel never
// wrote), and the rows checked against a float64 product with a relative error (L2 over
// those rows) below 1e-5, what FP32 sums of k terms reach. Checks every row when
// `rows_to_check` >= m, else the first, the last, and rows spread in between.
Status check_matmul(const float* a, const float* b, const float* c, int m, int n, int k, int rows_to_check);

// The relative error check_matmul accepts.
inline constexpr double kMatmulTolerance = 1e-5;

}  // namespace whygpu::app
