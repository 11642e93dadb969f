#pragma once
// The measured ceilings of this computer: how fast its memories deliver bytes and how fast
// its arithmetic units can go at best, taken with the bench's own benchmarks (a device
// copy, pinned copies over the bus, cuBLAS at a large size, OpenBLAS, a streaming add on
// every CPU thread). The "your hardware" and roofline panels share them, and read the same
// numbers out of recorded reference rows when there is no GPU here.
#include <vector>

#include "compute/kernels/measurement.h"

namespace whygpu::app {

// Sizes of the ceiling measurements (large enough to reach the plateau).
struct CeilingSizes {
  std::size_t copy_bytes = std::size_t{256} << 20;
  // cuBLAS runs at n = 2048 and at this n; the best counts. At 4096 one FP32 product takes
  // about 3 ms on an H100, so the app keeps drawing between launches (at 8192, 35 ms).
  int gpu_matmul_n = 4096;
  int cpu_matmul_n = 2048;
  std::size_t cpu_stream_elements = std::size_t{1} << 26;
};

// The jobs that measure them: CPU ones always, GPU ones when `with_gpu`.
std::vector<kernels::SweepJob> ceiling_jobs(const kernels::BenchOptions& options, const CeilingSizes& sizes,
                                            bool with_gpu);

// GB/s and GFLOP/s; NaN where the rows hold no such measurement.
struct Ceilings {
  double gpu_memory_gbs;   // device-to-device copy, read + write counted
  double host_to_device_gbs;
  double device_to_host_gbs;
  double cublas_fp32, cublas_tf32, cublas_fp16, cublas_bf16;  // GFLOP/s
  double cpu_memory_gbs;   // c = a + b on every thread, 12 bytes per element
  double openblas;         // GFLOP/s
  bool has_gpu() const;
  bool has_cpu() const;
};

// From benchmark rows, live or recorded: bandwidths at the largest size measured (small
// copies would flatter with caches or suffer from fixed costs), compute peaks as the best
// rate at any size.
Ceilings ceilings_from(const std::vector<kernels::Measurement>& rows);

}  // namespace whygpu::app
