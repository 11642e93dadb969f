#pragma once
// The network's forward and backward passes on the CPU, in float (training) or double
// (the reference that gradient checks and GPU tests compare against). Matrix products go
// to OpenBLAS through im2col; the element-wise loops are split over a ThreadPool.
// Layouts are those of model.h; the formulas per element come from model_math.h.
#include <cstdint>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/cnn/model_math.h"
#include "compute/core/thread_pool.h"

namespace whygpu::cnn {

// Every intermediate of one batch. Fill x ([image][784], values in [0,1]) before forward.
template <typename T>
struct CpuWorkspace {
  int batch = 0;
  std::vector<T> x;
  std::vector<T> col1, a1, p1;  // conv1: columns [9][B*676], ReLU output [32][B][26][26], pooled
  std::vector<T> col2, a2, p2;  // conv2: [288][B*121], [64][B][11][11], [64][B][5][5]
  std::vector<T> col3, z3, flat;  // conv3: [576][B*9], product [64][B*9], ReLU output [B][576]
  std::vector<T> h, logits, probs;  // [B][64], [B][10], [B][10]
  // Gradients (allocated with_backward only).
  std::vector<T> dlogits, dh, dflat, dz3, dcol3, dz2, dcol2, dz1;

  void resize(int batch_size, bool with_backward);
};

struct BatchLoss {
  double loss_sum = 0.0;  // summed over the batch (divide by batch for the mean)
  int correct = 0;
};

template <typename T>
void cpu_forward(const T* params, CpuWorkspace<T>& ws, int batch, ThreadPool& pool);

// Cross-entropy of the batch against labels (< kClasses); writes dlogits, the gradient of
// the mean loss, for cpu_backward.
template <typename T>
BatchLoss cpu_loss_and_logit_gradient(CpuWorkspace<T>& ws, const std::uint8_t* labels, int batch);

// Gradients of the mean loss with respect to every parameter (overwrites grads).
template <typename T>
void cpu_backward(const T* params, CpuWorkspace<T>& ws, int batch, T* grads, ThreadPool& pool);

// One Adam step over all kParameterCount parameters; step counts from 1.
template <typename T>
void cpu_adam(T* params, const T* grads, T* m, T* v, long step, const AdamConfig& config,
              ThreadPool& pool);

// The activations of image n of the batch in layer's [channel][y][x] order.
template <typename T>
void copy_activations(const CpuWorkspace<T>& ws, int n, Layer layer, std::vector<float>* out);

}  // namespace whygpu::cnn
