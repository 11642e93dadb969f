#pragma once
// The counter hash behind fill_uniform, shared by the CPU and GPU fills (header-only so
// a .cu file compiles the same arithmetic for the device).
#include <cstdint>

#include "compute/core/host_device.h"

namespace whygpu::kernels {

// splitmix64's finaliser: a good 64-bit mix of (seed, index).
WHYGPU_HD inline std::uint64_t mix64(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Top 24 bits as a float in [-1, 1): exact, so CPU and GPU agree bit for bit.
WHYGPU_HD inline float uniform_from_hash(std::uint64_t h) {
  return static_cast<float>(static_cast<std::int32_t>(h >> 40) - (1 << 23)) *
         (1.0f / static_cast<float>(1 << 23));
}

}  // namespace whygpu::kernels
