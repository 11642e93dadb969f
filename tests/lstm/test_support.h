#pragma once
// Helpers shared by the LSTM tests: random batches and relative errors.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "compute/lstm/model.h"
#include "compute/core/split_mix.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm::testing {

// Tokens uniform over the vocabulary, initial state uniform in +-0.5 (not zero, so the
// state's path through the cell is exercised).
inline SequenceBatch random_batch(const LstmShape& shape, int batch, int length, std::uint64_t seed) {
  SplitMix64 random(seed);
  SequenceBatch b;
  b.batch = batch;
  b.length = length;
  for (int i = 0; i < batch * length; ++i) {
    b.inputs.push_back(static_cast<int>(random.next() % static_cast<std::uint64_t>(shape.vocab)));
    b.targets.push_back(static_cast<int>(random.next() % static_cast<std::uint64_t>(shape.vocab)));
  }
  for (int i = 0; i < batch * shape.hidden; ++i) {
    b.h0.push_back(static_cast<float>(random.uniform() - 0.5));
    b.c0.push_back(static_cast<float>(random.uniform() - 0.5));
  }
  return b;
}

// ||a - b|| / ||b||; NaN anywhere gives infinity.
template <class A, class B>
double relative_error(const std::vector<A>& a, const std::vector<B>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double diff = 0.0, ref = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x = static_cast<double>(a[i]), y = static_cast<double>(b[i]);
    if (!std::isfinite(x) || !std::isfinite(y)) return std::numeric_limits<double>::infinity();
    diff += (x - y) * (x - y);
    ref += y * y;
  }
  return ref > 0.0 ? std::sqrt(diff / ref) : std::sqrt(diff);
}

template <class T>
std::vector<T> convert(const std::vector<float>& v) {
  return std::vector<T>(v.begin(), v.end());
}

}  // namespace whygpu::lstm::testing
