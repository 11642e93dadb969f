#include "app/kernels/ceilings.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "compute/kernels/copy_bench.h"
#include "compute/kernels/matmul.h"
#include "compute/kernels/vector_add_bench.h"

namespace whygpu::app {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The rate of the largest measured size of (benchmark, variant).
double at_largest(const std::vector<kernels::Measurement>& rows, const char* benchmark, const char* variant) {
  const kernels::Measurement* best = nullptr;
  for (const kernels::Measurement& r : rows)
    if (r.state == kernels::RowState::Measured && r.benchmark == benchmark && r.variant == variant &&
        r.phase.empty() && (!best || r.size >= best->size))
      best = &r;
  return best ? best->gbytes_per_s() : kNaN;
}

// The best GFLOP/s of (matmul, variant) at any size.
double best_gflops(const std::vector<kernels::Measurement>& rows, const char* variant) {
  double best = kNaN;
  for (const kernels::Measurement& r : rows)
    if (r.state == kernels::RowState::Measured && r.benchmark == "matmul" && r.variant == variant)
      best = std::isnan(best) ? r.gflops() : std::max(best, r.gflops());
  return best;
}

}  // namespace

std::vector<kernels::SweepJob> ceiling_jobs(const kernels::BenchOptions& options, const CeilingSizes& sizes,
                                            bool with_gpu) {
  std::vector<kernels::SweepJob> jobs;
  auto append = [&jobs](std::vector<kernels::SweepJob> more) {
    for (auto& j : more) jobs.push_back(std::move(j));
  };
  append(kernels::vector_add_jobs({kernels::VectorAddVariant::CpuThreads}, {sizes.cpu_stream_elements}, options));
  append(kernels::matmul_jobs({kernels::MatmulVariant::CpuOpenBlas}, {sizes.cpu_matmul_n}, options));
  if (!with_gpu) return jobs;
  append(kernels::copy_jobs({kernels::CopyKind::DeviceToDevice, kernels::CopyKind::HostToDevicePinned,
                             kernels::CopyKind::DeviceToHostPinned},
                            {sizes.copy_bytes}, options));
  // Two sizes: a long run at a large n can be slowed by the GPU's power limit (on an H100,
  // cuBLAS FP32 gave 31 TFLOP/s at n = 8192 but 50 at n = 2048), a small n by fixed costs.
  std::vector<int> ns{2048};
  if (sizes.gpu_matmul_n != 2048) ns.push_back(sizes.gpu_matmul_n);
  append(kernels::matmul_jobs({kernels::MatmulVariant::CublasFp32, kernels::MatmulVariant::CublasTf32,
                               kernels::MatmulVariant::CublasFp16, kernels::MatmulVariant::CublasBf16},
                              ns, options));
  return jobs;
}

bool Ceilings::has_gpu() const { return !std::isnan(gpu_memory_gbs) || !std::isnan(cublas_fp32); }
bool Ceilings::has_cpu() const { return !std::isnan(cpu_memory_gbs) || !std::isnan(openblas); }

Ceilings ceilings_from(const std::vector<kernels::Measurement>& rows) {
  Ceilings c{};
  c.gpu_memory_gbs = at_largest(rows, "copy", "d2d");
  c.host_to_device_gbs = at_largest(rows, "copy", "h2d-pinned");
  c.device_to_host_gbs = at_largest(rows, "copy", "d2h-pinned");
  c.cublas_fp32 = best_gflops(rows, "cublas-fp32");
  c.cublas_tf32 = best_gflops(rows, "cublas-tf32");
  c.cublas_fp16 = best_gflops(rows, "cublas-fp16");
  c.cublas_bf16 = best_gflops(rows, "cublas-bf16");
  c.cpu_memory_gbs = at_largest(rows, "vector-add", "cpu-threads");
  c.openblas = best_gflops(rows, "cpu-openblas");
  return c;
}

}  // namespace whygpu::app
