#pragma once
// The vector-add benchmark: c = a + b on the CPU and the GPU, with the GPU's copies to and
// from the host timed apart from its kernel, and a device-to-device copy of the same size
// as the bandwidth ceiling the kernel is judged against. Sizes are element counts.
#include <cstddef>
#include <string_view>
#include <vector>

#include "compute/kernels/measurement.h"

namespace whygpu::kernels {

enum class VectorAddVariant {
  Cpu,            // one thread; 12 bytes moved per element
  CpuThreads,     // every core
  Gpu,            // the kernel alone, data already on the GPU
  GpuWithCopies,  // copy a and b in, add, copy c out (pinned host memory): four rows,
                  // phases "h2d", "kernel", "d2h" and "total"
  DeviceCopy,     // cudaMemcpy of n floats within the GPU; bytes read + written counted
};

const std::vector<VectorAddVariant>& all_vector_add_variants();
const VariantInfo& vector_add_variant_info(VectorAddVariant variant);
bool find_vector_add_variant(std::string_view key, VectorAddVariant* out);

// Times one variant at n elements and appends its rows (one, or four for GpuWithCopies).
Status run_vector_add(VectorAddVariant variant, std::size_t n, const BenchOptions& options,
                      std::vector<Measurement>* rows);

// The four rows of a vector add with copies, made from `row` (its variant and device): the
// phases h2d, kernel, d2h and total with the flop and bytes of each, and when `measured`
// the times of `phases` (h2d, kernel, d2h) and `total`. Shared with the OpenGL version.
std::vector<Measurement> vector_add_phase_rows(const Measurement& row, bool measured,
                                               const std::vector<TimingStats>& phases,
                                               const TimingStats& total);

std::vector<SweepJob> vector_add_jobs(const std::vector<VectorAddVariant>& variants,
                                      const std::vector<std::size_t>& sizes,
                                      const BenchOptions& options);

}  // namespace whygpu::kernels
