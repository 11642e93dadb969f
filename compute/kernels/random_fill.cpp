#include "compute/kernels/random_fill.h"

#include <chrono>
#include <random>

#include "compute/kernels/random_fill_hash.h"
#include "compute/kernels/thread_pool.h"

namespace whygpu::kernels {

std::uint64_t fresh_seed() {
  std::random_device device;
  const auto ticks = static_cast<std::uint64_t>(
      std::chrono::high_resolution_clock::now().time_since_epoch().count());
  return mix64((static_cast<std::uint64_t>(device()) << 32) ^ device(), ticks);
}

float uniform_at(std::uint64_t seed, std::uint64_t i) {
  return uniform_from_hash(mix64(seed, i));
}

void fill_uniform(float* p, std::size_t n, std::uint64_t seed) {
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  parallel_for(static_cast<int>(chunks), hardware_threads(), [&](int c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    const std::size_t end = begin + kChunk < n ? begin + kChunk : n;
    for (std::size_t i = begin; i < end; ++i) p[i] = uniform_at(seed, i);
  });
}

}  // namespace whygpu::kernels
