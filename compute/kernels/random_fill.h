#pragma once
// Random inputs for checks and benchmarks: never zeros (they hide unwritten outputs and
// can run faster than real data), uniform in [-1, 1), reproducible from a seed. Element i
// is a hash of (seed, i), so big arrays are filled on many threads (or on the GPU, see
// fill_uniform_device) and give the same numbers either way.
#include <cstddef>
#include <cstdint>

namespace whygpu::kernels {

// A seed that differs from run to run (random_device mixed with the clock).
std::uint64_t fresh_seed();

// The value fill_uniform puts at index i.
float uniform_at(std::uint64_t seed, std::uint64_t i);

// Fills p[0..n) with uniform_at(seed, 0..n), on all CPU threads when n is large.
void fill_uniform(float* p, std::size_t n, std::uint64_t seed);

}  // namespace whygpu::kernels
