#pragma once
// The dense layer y = sigmoid(W x + b) timed four ways, side by side in one run: on one CPU
// core, as the three GPU kernels the lesson builds (product, add, sigmoid: each timed
// apart), and as one fused kernel. Each GPU result is checked against the CPU's before it
// is timed. `whygpu bench dense` and the dense-layer panel both call measure_dense_layer.
#include <string>

#include "compute/core/measure.h"
#include "compute/core/status.h"

namespace whygpu::dense_layer {

struct DenseSizes {
  int out = 1024;   // rows of W: outputs of the layer
  int in = 1024;    // columns of W: inputs of the layer
  int batch = 1;    // samples (columns of x) that go through together

  double flop() const { return 2.0 * out * static_cast<double>(in) * batch; }
  // "1024 x 1024, batch 1"
  std::string text() const;
  // Written out: the .cu files that include this are compiled as C++17.
  bool operator==(const DenseSizes& o) const { return out == o.out && in == o.in && batch == o.batch; }
};

// The largest layer the panel and the bench accept (W of 8192 x 8192 is 256 MiB).
inline constexpr int kMaxSide = 8192;
inline constexpr int kMaxBatch = 4096;

// Rejects sizes below 1 or above the limits with a message that names them.
Status check_sizes(const DenseSizes& sizes);

// Above this many operations the CPU is not timed (one core needs seconds per run); its
// answer is computed once for a sample of the outputs, to check the GPU's there.
inline constexpr double kCpuMaxFlop = 2.2e9;

struct DenseTiming {
  DenseSizes sizes;
  TimingStats cpu;                       // cpu_dense_layer on one core (repeats 0: not timed)
  std::string cpu_note;                  // why the CPU was not timed
  bool gpu_measured = false;             // false: gpu_note says why (no GPU, a failure)
  std::string gpu_note;
  TimingStats product, add, sigmoid;     // the three kernels, each timed between events
  TimingStats three;                     // the three back to back, first event to last
  TimingStats fused;                     // the fused kernel
  double three_error = 0.0;              // largest |GPU - CPU| over y
  double fused_error = 0.0;

  // three / fused median, and CPU / fused; 0 when either is missing.
  double fused_speedup() const;
  double gpu_speedup() const;
};

// Times the CPU, then (when a GPU is usable) the GPU kernels. Fails only when the sizes
// are bad, memory runs out on the host, or options.cancel is set; a GPU that is missing
// or fails leaves gpu_measured false with the reason.
Status measure_dense_layer(const DenseSizes& sizes, const MeasureOptions& options, DenseTiming* out);

// The GPU half (dense_gpu.cu): `w`, `x`, `bias` host arrays, `cpu_y` the CPU's answer
// (NaN where it was not computed: those outputs are not checked).
Status measure_dense_gpu(const DenseSizes& sizes, const float* w, const float* x, const float* bias,
                         const float* cpu_y, const MeasureOptions& options, DenseTiming* out);

}  // namespace whygpu::dense_layer
