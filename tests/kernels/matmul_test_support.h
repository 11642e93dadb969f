#pragma once
// What the CPU and GPU matmul checks share: an m x n x k shape and a random problem on it
// (fresh inputs, the seed to reproduce them, the float64 reference product).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/kernels/random_fill.h"
#include "tests/kernels/check_support.h"

namespace whygpu::kernels::testing {

struct MatmulShape {
  int m, n, k;
  std::string name() const {
    return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  }
  // A NaN-filled m x n output, so an element the kernel never writes fails the check.
  std::vector<float> poisoned_output() const { return poisoned(static_cast<std::size_t>(m) * n); }
};

struct MatmulProblem {
  std::vector<float> a, b;
  std::vector<double> ref;
  std::uint64_t seed = 0;
};

// A (m x k) and B (k x n) drawn from a fresh seed, and their float64 product.
inline MatmulProblem random_matmul_problem(const MatmulShape& s) {
  MatmulProblem p;
  p.seed = fresh_seed();
  p.a = random_vector(static_cast<std::size_t>(s.m) * s.k, p.seed);
  p.b = random_vector(static_cast<std::size_t>(s.k) * s.n, p.seed + 1);
  p.ref = matmul_reference(p.a, p.b, s.m, s.n, s.k);
  return p;
}

}  // namespace whygpu::kernels::testing
