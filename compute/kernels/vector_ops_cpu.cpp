#include <cmath>
#include <cstdint>
#include <string>

#include "compute/kernels/thread_pool.h"
#include "compute/kernels/vector_ops.h"

namespace whygpu::kernels {

void cpu_vector_add(const float* a, const float* b, float* c, std::size_t n, int threads) {
  const int t = resolve_threads(threads);
  if (t == 1) {
    for (std::size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
    return;
  }
  // Chunks of 64 KiB of floats: enough per task to hide the pool's hand-off.
  constexpr std::size_t kChunk = std::size_t{1} << 14;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  parallel_for(static_cast<int>(chunks), t, [&](int chunk) {
    const std::size_t begin = static_cast<std::size_t>(chunk) * kChunk;
    const std::size_t end = begin + kChunk < n ? begin + kChunk : n;
    for (std::size_t i = begin; i < end; ++i) c[i] = a[i] + b[i];
  });
}

void cpu_sigmoid(const float* x, float* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) y[i] = 1.0f / (1.0f + std::exp(-x[i]));
}

void cpu_matrix_add(const float* a, const float* b, float* c, int rows, int cols) {
  const std::size_t count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  for (std::size_t i = 0; i < count; ++i) c[i] = a[i] + b[i];
}

void cpu_dense_layer(const float* w, const float* x, const float* bias, float* y, int out,
                     int in, int batch) {
  for (int s = 0; s < batch; ++s) {
    const float* sample = x + static_cast<std::size_t>(s) * static_cast<std::size_t>(in);
    float* outputs = y + static_cast<std::size_t>(s) * static_cast<std::size_t>(out);
    for (int r = 0; r < out; ++r) {
      const float* row = w + static_cast<std::size_t>(r) * static_cast<std::size_t>(in);
      float sum = 0.0f;
      for (int k = 0; k < in; ++k) sum += row[k] * sample[k];
      const float z = sum + bias[r];
      outputs[r] = 1.0f / (1.0f + std::exp(-z));
    }
  }
}

Status check_dense_sizes(int out, int in, int batch) {
  if (out >= 1 && in >= 1 && batch >= 1) return Status::ok();
  return Status::error(Wording::sentence(N_("dense layer: sizes must be at least 1 (got {0} outputs, {1} "
                                            "inputs, batch {2})"),
                                         {std::to_string(out), std::to_string(in), std::to_string(batch)}));
}

double sigmoid_reference(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace whygpu::kernels
