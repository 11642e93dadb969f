#pragma once
// How far a GPU result is from its reference over one block of a flat parameter or
// gradient vector (the CNN's, the mixed-precision network's, a data-parallel replica's).
#include <cmath>
#include <cstddef>

namespace whygpu::cnn::testing {

// The relative L2 error ||out - ref|| / ||ref|| over [begin, end), in double; the
// absolute one where the reference is all zeros.
template <typename A, typename B>
double relative_error(const A& out, const B& ref, std::size_t begin, std::size_t end) {
  double diff = 0, norm = 0;
  for (std::size_t i = begin; i < end; ++i) {
    diff += (double(out[i]) - double(ref[i])) * (double(out[i]) - double(ref[i]));
    norm += double(ref[i]) * double(ref[i]);
  }
  return norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

template <typename A>
bool all_finite(const A& values) {
  for (auto v : values)
    if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace whygpu::cnn::testing
