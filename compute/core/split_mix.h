#pragma once
// SplitMix64: a tiny deterministic generator, so that the same seed gives the same
// weights, batch order and samples on every machine and compiler, CPU and GPU runs
// alike (the standard library's distributions are implementation-defined).
#include <cstdint>

namespace whygpu {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

  // Uniform integer in [0, bound), bound > 0 (Lemire's multiply-shift; the tiny bias of
  // skipping the rejection step does not matter for shuffling a data set).
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(bound)) >> 32);
  }

 private:
  std::uint64_t state_;
};

}  // namespace whygpu
