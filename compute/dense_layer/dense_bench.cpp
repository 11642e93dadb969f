#include "compute/dense_layer/dense_bench.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "compute/core/gpu_info.h"
#include "compute/kernels/host_array.h"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_ops.h"

namespace whygpu::dense_layer {

namespace {

// The CPU's answer for a sample of the outputs, NaN elsewhere (the GPU's are checked where
// there is a number): a few samples, up to 1024 rows of each.
void sample_outputs(const DenseSizes& sizes, const float* w, const float* x, const float* bias, float* y) {
  const std::size_t n = static_cast<std::size_t>(sizes.out) * static_cast<std::size_t>(sizes.batch);
  std::fill(y, y + n, std::numeric_limits<float>::quiet_NaN());
  const int stride = std::max(1, sizes.out / 1024);
  for (const int s : {0, sizes.batch / 2, sizes.batch - 1})
    for (int r = 0; r < sizes.out; r += stride) {
      const float* sample = x + static_cast<std::size_t>(s) * static_cast<std::size_t>(sizes.in);
      float* out = y + static_cast<std::size_t>(s) * static_cast<std::size_t>(sizes.out) + r;
      // One output is a layer of one row: the same loop, the same order of sums.
      kernels::cpu_dense_layer(w + static_cast<std::size_t>(r) * static_cast<std::size_t>(sizes.in), sample,
                               bias + r, out, 1, sizes.in, 1);
    }
}

}  // namespace

std::string DenseSizes::text() const {
  return std::to_string(out) + " x " + std::to_string(in) + ", batch " + std::to_string(batch);
}

Status check_sizes(const DenseSizes& s) {
  if (Status st = kernels::check_dense_sizes(s.out, s.in, s.batch); !st) return st;
  if (s.out > kMaxSide || s.in > kMaxSide || s.batch > kMaxBatch)
    return Status::error(Wording::sentence(
        N_("dense layer: at most {0} outputs and inputs and a batch of {1} (got {2} x {3}, batch {4})"),
        {std::to_string(kMaxSide), std::to_string(kMaxBatch), std::to_string(s.out), std::to_string(s.in),
         std::to_string(s.batch)}));
  return Status::ok();
}

double DenseTiming::fused_speedup() const {
  if (!gpu_measured || fused.median_ms <= 0.0) return 0.0;
  return three.median_ms / fused.median_ms;
}

double DenseTiming::gpu_speedup() const {
  if (!gpu_measured || fused.median_ms <= 0.0 || cpu.repeats == 0) return 0.0;
  return cpu.median_ms / fused.median_ms;
}

Status measure_dense_layer(const DenseSizes& sizes, const MeasureOptions& options, DenseTiming* out) {
  if (Status s = check_sizes(sizes); !s) return s;
  *out = DenseTiming{};
  out->sizes = sizes;
  const std::size_t wn = static_cast<std::size_t>(sizes.out) * static_cast<std::size_t>(sizes.in);
  const std::size_t xn = static_cast<std::size_t>(sizes.in) * static_cast<std::size_t>(sizes.batch);
  const std::size_t yn = static_cast<std::size_t>(sizes.out) * static_cast<std::size_t>(sizes.batch);
  kernels::HostArray<float> w, x, bias, y;
  if (Status s = w.allocate(wn, "the weights W"); !s) return s;
  if (Status s = x.allocate(xn, "the inputs x"); !s) return s;
  if (Status s = bias.allocate(static_cast<std::size_t>(sizes.out), "the bias b"); !s) return s;
  if (Status s = y.allocate(yn, "the outputs y"); !s) return s;
  const std::uint64_t seed = kernels::fresh_seed();
  kernels::fill_uniform(w.data(), wn, seed);
  kernels::fill_uniform(x.data(), xn, seed + 1);
  kernels::fill_uniform(bias.data(), static_cast<std::size_t>(sizes.out), seed + 2);
  const auto cpu_layer = [&](int) {
    kernels::cpu_dense_layer(w.data(), x.data(), bias.data(), y.data(), sizes.out, sizes.in, sizes.batch);
    return Status::ok();
  };
  if (sizes.flop() <= kCpuMaxFlop) {
    if (Status s = time_cpu(options, cpu_layer, &out->cpu); !s) return s;
  } else {
    out->cpu_note = "not timed: one core would need seconds for each run of " +
                    std::to_string(static_cast<long long>(sizes.flop() / 1e9)) + " billion operations";
    if (options.cancelled()) return cancelled_status();
    sample_outputs(sizes, w.data(), x.data(), bias.data(), y.data());
  }
  if (Status s = require_gpu(); !s) {
    out->gpu_note = s.message();
    return Status::ok();
  }
  if (Status s = measure_dense_gpu(sizes, w.data(), x.data(), bias.data(), y.data(), options, out); !s) {
    if (is_cancelled(s)) return s;
    out->gpu_measured = false;
    out->gpu_note = s.message();
  }
  return Status::ok();
}

}  // namespace whygpu::dense_layer
