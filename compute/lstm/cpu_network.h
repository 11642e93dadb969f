#pragma once
// The model's forward and backward pass on the CPU, for float (the CPU trainer and
// generator) and double (the reference that the gradient check and the GPU tests compare
// against). Matrix products go to OpenBLAS, which spreads the large ones over its own
// threads; the per-step cell updates are a few thousand elements and stay on one thread.
#include <vector>

#include "compute/lstm/model.h"

namespace whygpu::lstm {

template <class T>
class CpuNetwork {
 public:
  explicit CpuNetwork(const LstmShape& shape);

  // inputs: token ids [length][batch]; h0, c0: [batch][hidden]. Keeps what backward
  // needs and the logits [length][batch][vocab].
  void forward(const T* params, const int* inputs, int length, int batch, const T* h0, const T* c0);
  // Mean cross-entropy of the targets [length][batch] under the last forward's logits,
  // and its gradient with respect to every parameter (overwrites grads).
  T backward(const T* params, const int* targets, T* grads);
  // The same mean cross-entropy without the gradients (evaluation); keeps the logits.
  T mean_cross_entropy(const int* targets) const;

  int length() const { return length_; }
  int batch() const { return batch_; }
  // [length + 1][batch][hidden]; slot 0 is the initial state, slot t + 1 the state after
  // input t.
  const std::vector<T>& hidden_states() const { return h_; }
  const std::vector<T>& cell_states() const { return c_; }
  // Gate activations i, f, o, g: [length][batch][4 * hidden], column gate * hidden + unit.
  const std::vector<T>& gate_activations() const { return acts_; }
  const std::vector<T>& logits() const { return logits_; }

 private:
  LstmShape shape_;
  ParameterLayout layout_;
  int length_ = 0, batch_ = 0;
  std::vector<int> inputs_;
  std::vector<T> x_;       // embeddings of the inputs [length * batch][embed]
  std::vector<T> pre_;     // gate pre-activations [length * batch][4H]
  std::vector<T> acts_;
  std::vector<T> h_, c_;
  std::vector<T> logits_;  // becomes dlogits in backward
  std::vector<T> d_h_out_, d_gates_, d_h_next_, d_c_, d_x_;
};

// Row-major C = alpha * op(A) * op(B) + beta * C through OpenBLAS (sgemm / dgemm).
void gemm(bool transpose_a, bool transpose_b, int m, int n, int k, float alpha, const float* a, int lda,
          const float* b, int ldb, float beta, float* c, int ldc);
void gemm(bool transpose_a, bool transpose_b, int m, int n, int k, double alpha, const double* a, int lda,
          const double* b, int ldb, double beta, double* c, int ldc);

}  // namespace whygpu::lstm
