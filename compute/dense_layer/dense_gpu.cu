// The GPU half of measure_dense_layer: the three kernels and the fused one on device
// buffers, each result checked against the CPU's, then timed with CUDA events.
#include <algorithm>
#include <cmath>
#include <vector>

#include "compute/core/cuda_check.h"
#include "compute/dense_layer/dense_bench.h"
#include "compute/kernels/device_buffers.cuh"
#include "compute/kernels/vector_launch.h"

namespace whygpu::dense_layer {
namespace {

// Largest |gpu - cpu| over the outputs the CPU computed (cpu_y not NaN); NaN from the GPU
// (the poison left in an unwritten output) counts as infinite.
Status largest_difference(const DeviceBuffer<float>& y, const float* cpu_y, std::size_t n, double* out) {
  std::vector<float> host(n);
  if (Status s = kernels::download(y, host.data(), n); !s) return s;
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::isnan(cpu_y[i])) continue;
    const double d = std::fabs(static_cast<double>(host[i]) - cpu_y[i]);
    worst = std::isfinite(d) ? std::max(worst, d) : INFINITY;
  }
  *out = worst;
  return Status::ok();
}

Status poison(const DeviceBuffer<float>& y) {
  WHYGPU_CUDA_TRY(cudaMemset(y.get(), 0xff, y.bytes()));  // all bits set: a NaN
  return Status::ok();
}

}  // namespace

Status measure_dense_gpu(const DenseSizes& sizes, const float* w, const float* x, const float* bias,
                         const float* cpu_y, const MeasureOptions& options, DenseTiming* out) {
  const int rows = sizes.out, cols = sizes.in, batch = sizes.batch;
  const std::size_t wn = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::size_t xn = static_cast<std::size_t>(cols) * static_cast<std::size_t>(batch);
  const std::size_t yn = static_cast<std::size_t>(rows) * static_cast<std::size_t>(batch);
  const double bytes = 4.0 * (static_cast<double>(wn) + static_cast<double>(xn) + rows + 2.0 * static_cast<double>(yn));
  if (Status s = kernels::check_fits_on_gpu(bytes, std::size_t{256} << 20, "dense layer " + sizes.text()); !s) return s;
  DeviceBuffer<float> dw, dx, db, dz, dy;
  if (Status s = kernels::upload(w, wn, &dw); !s) return s;
  if (Status s = kernels::upload(x, xn, &dx); !s) return s;
  if (Status s = kernels::upload(bias, static_cast<std::size_t>(rows), &db); !s) return s;
  if (Status s = dz.allocate(yn); !s) return s;
  if (Status s = dy.allocate(yn); !s) return s;

  const auto product = [&] { return kernels::launch_dense_product(dw.get(), dx.get(), dz.get(), rows, cols, batch); };
  const auto add = [&] { return kernels::launch_add_bias(dz.get(), db.get(), rows, batch); };
  const auto sigmoid = [&] { return kernels::launch_sigmoid(dz.get(), dy.get(), yn); };
  const auto fused = [&] { return kernels::launch_dense_fused(dw.get(), dx.get(), db.get(), dy.get(), rows, cols, batch); };

  // Checked first, on poisoned outputs: a timing of wrong answers is worth nothing.
  if (Status s = poison(dy); !s) return s;
  if (Status s = product(); !s) return s;
  if (Status s = add(); !s) return s;
  if (Status s = sigmoid(); !s) return s;
  if (Status s = largest_difference(dy, cpu_y, yn, &out->three_error); !s) return s;
  if (Status s = poison(dy); !s) return s;
  if (Status s = fused(); !s) return s;
  if (Status s = largest_difference(dy, cpu_y, yn, &out->fused_error); !s) return s;

  std::vector<TimingStats> phases;
  if (Status s = time_gpu_phases(
          options, 3,
          [&](int, const PhaseMark& mark) -> Status {
            if (Status st = product(); !st) return st;
            if (Status st = mark(); !st) return st;
            if (Status st = add(); !st) return st;
            if (Status st = mark(); !st) return st;
            return sigmoid();
          },
          &phases, &out->three);
      !s)
    return s;
  out->product = phases[0];
  out->add = phases[1];
  out->sigmoid = phases[2];
  if (Status s = time_gpu(options, [&](int) { return fused(); }, &out->fused); !s) return s;
  out->gpu_measured = true;
  return Status::ok();
}

}  // namespace whygpu::dense_layer
