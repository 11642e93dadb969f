#include "compute/lstm/cpu_network.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>

#include "compute/lstm/cell_math.h"

namespace whygpu::lstm {

void gemm(bool ta, bool tb, int m, int n, int k, float alpha, const float* a, int lda, const float* b,
          int ldb, float beta, float* c, int ldc) {
  cblas_sgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n, k,
              alpha, a, lda, b, ldb, beta, c, ldc);
}

void gemm(bool ta, bool tb, int m, int n, int k, double alpha, const double* a, int lda, const double* b,
          int ldb, double beta, double* c, int ldc) {
  cblas_dgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n, k,
              alpha, a, lda, b, ldb, beta, c, ldc);
}

namespace {

// A row of logits z: softmax(z)_v = exp(z_v - peak - log_sum), with the peak taken out
// first so that exp cannot overflow.
template <class T>
struct LogSoftmax {
  T peak, log_sum;
};

template <class T>
LogSoftmax<T> log_softmax(const T* z, int V) {
  const T peak = *std::max_element(z, z + V);
  T sum = 0;
  for (int v = 0; v < V; ++v) sum += math_exp(z[v] - peak);
  return {peak, std::log(sum)};
}

}  // namespace

template <class T>
CpuNetwork<T>::CpuNetwork(const LstmShape& shape) : shape_(shape), layout_(parameter_layout(shape)) {}

template <class T>
void CpuNetwork<T>::forward(const T* params, const int* inputs, int length, int batch, const T* h0,
                            const T* c0) {
  const int V = shape_.vocab, E = shape_.embed, H = shape_.hidden, G = 4 * H;
  const int rows = length * batch;
  length_ = length;
  batch_ = batch;
  inputs_.assign(inputs, inputs + rows);
  x_.resize(static_cast<std::size_t>(rows) * E);
  pre_.resize(static_cast<std::size_t>(rows) * G);
  acts_.resize(static_cast<std::size_t>(rows) * G);
  h_.resize(static_cast<std::size_t>(rows + batch) * H);
  c_.resize(static_cast<std::size_t>(rows + batch) * H);
  logits_.resize(static_cast<std::size_t>(rows) * V);

  const T* emb = params + layout_.embedding;
  for (int r = 0; r < rows; ++r)
    std::copy_n(emb + static_cast<std::size_t>(inputs[r]) * E, E, x_.begin() + static_cast<std::ptrdiff_t>(r) * E);
  // The input projections of the whole sequence at once, bias included.
  const T* bias = params + layout_.gate_bias;
  for (int r = 0; r < rows; ++r) std::copy_n(bias, G, pre_.begin() + static_cast<std::ptrdiff_t>(r) * G);
  gemm(false, false, rows, G, E, T(1), x_.data(), E, params + layout_.input_weights, G, T(1), pre_.data(), G);

  std::copy_n(h0, batch * H, h_.begin());
  std::copy_n(c0, batch * H, c_.begin());
  for (int t = 0; t < length; ++t) {
    T* pre = pre_.data() + static_cast<std::size_t>(t) * batch * G;
    const T* h_prev = h_.data() + static_cast<std::size_t>(t) * batch * H;
    const T* c_prev = c_.data() + static_cast<std::size_t>(t) * batch * H;
    gemm(false, false, batch, G, H, T(1), h_prev, H, params + layout_.recurrent_weights, G, T(1), pre, G);
    T* act = acts_.data() + static_cast<std::size_t>(t) * batch * G;
    T* h = h_.data() + static_cast<std::size_t>(t + 1) * batch * H;
    T* c = c_.data() + static_cast<std::size_t>(t + 1) * batch * H;
    for (int b = 0; b < batch; ++b) {
      for (int u = 0; u < H; ++u) {
        const T* a = pre + static_cast<std::size_t>(b) * G + u;
        const CellGates<T> gate =
            cell_activations(a[kInputGate * H], a[kForgetGate * H], a[kOutputGate * H], a[kCandidate * H]);
        T* out = act + static_cast<std::size_t>(b) * G + u;
        out[kInputGate * H] = gate.i;
        out[kForgetGate * H] = gate.f;
        out[kOutputGate * H] = gate.o;
        out[kCandidate * H] = gate.g;
        const std::size_t k = static_cast<std::size_t>(b) * H + u;
        c[k] = cell_state(gate, c_prev[k]);
        h[k] = cell_output(gate, c[k]);
      }
    }
  }
  // The output layer over all steps at once.
  const T* out_bias = params + layout_.output_bias;
  for (int r = 0; r < rows; ++r) std::copy_n(out_bias, V, logits_.begin() + static_cast<std::ptrdiff_t>(r) * V);
  gemm(false, false, rows, V, H, T(1), h_.data() + static_cast<std::size_t>(batch) * H, H,
       params + layout_.output_weights, V, T(1), logits_.data(), V);
}

template <class T>
T CpuNetwork<T>::backward(const T* params, const int* targets, T* grads) {
  const int V = shape_.vocab, E = shape_.embed, H = shape_.hidden, G = 4 * H;
  const int batch = batch_, rows = length_ * batch_;
  std::fill(grads, grads + layout_.total, T(0));

  // Softmax cross-entropy; the logits become their gradient (p - onehot) / rows.
  double loss = 0.0;
  const T inv_rows = T(1) / static_cast<T>(rows);
  for (int r = 0; r < rows; ++r) {
    T* z = logits_.data() + static_cast<std::size_t>(r) * V;
    const LogSoftmax<T> s = log_softmax(z, V);
    loss += static_cast<double>(s.log_sum - (z[targets[r]] - s.peak));
    for (int v = 0; v < V; ++v) z[v] = math_exp(z[v] - s.peak - s.log_sum) * inv_rows;
    z[targets[r]] -= inv_rows;
  }
  const T* h_out = h_.data() + static_cast<std::size_t>(batch) * H;
  gemm(true, false, H, V, rows, T(1), h_out, H, logits_.data(), V, T(0), grads + layout_.output_weights, V);
  T* d_out_bias = grads + layout_.output_bias;
  for (int r = 0; r < rows; ++r)
    for (int v = 0; v < V; ++v) d_out_bias[v] += logits_[static_cast<std::size_t>(r) * V + v];
  d_h_out_.resize(static_cast<std::size_t>(rows) * H);
  gemm(false, true, rows, H, V, T(1), logits_.data(), V, params + layout_.output_weights, V, T(0),
       d_h_out_.data(), H);

  // Through time, last step first. d_h_next_ holds what reaches h_t from step t + 1.
  d_gates_.resize(static_cast<std::size_t>(rows) * G);
  d_h_next_.assign(static_cast<std::size_t>(batch) * H, T(0));
  d_c_.assign(static_cast<std::size_t>(batch) * H, T(0));
  for (int t = length_ - 1; t >= 0; --t) {
    const T* act = acts_.data() + static_cast<std::size_t>(t) * batch * G;
    const T* c_prev = c_.data() + static_cast<std::size_t>(t) * batch * H;
    const T* c = c_.data() + static_cast<std::size_t>(t + 1) * batch * H;
    const T* dh_out = d_h_out_.data() + static_cast<std::size_t>(t) * batch * H;
    T* dg = d_gates_.data() + static_cast<std::size_t>(t) * batch * G;
    for (int b = 0; b < batch; ++b) {
      for (int u = 0; u < H; ++u) {
        const T* a = act + static_cast<std::size_t>(b) * G + u;
        const CellGates<T> gate{a[kInputGate * H], a[kForgetGate * H], a[kOutputGate * H], a[kCandidate * H]};
        const std::size_t k = static_cast<std::size_t>(b) * H + u;
        T dc_prev;
        const CellGates<T> d = cell_backward(gate, c_prev[k], c[k], dh_out[k] + d_h_next_[k], d_c_[k], &dc_prev);
        d_c_[k] = dc_prev;
        T* out = dg + static_cast<std::size_t>(b) * G + u;
        out[kInputGate * H] = d.i;
        out[kForgetGate * H] = d.f;
        out[kOutputGate * H] = d.o;
        out[kCandidate * H] = d.g;
      }
    }
    if (t > 0)
      gemm(false, true, batch, H, G, T(1), dg, G, params + layout_.recurrent_weights, G, T(0), d_h_next_.data(), H);
  }
  // Weight gradients over the whole sequence at once.
  gemm(true, false, H, G, rows, T(1), h_.data(), H, d_gates_.data(), G, T(0), grads + layout_.recurrent_weights, G);
  gemm(true, false, E, G, rows, T(1), x_.data(), E, d_gates_.data(), G, T(0), grads + layout_.input_weights, G);
  T* d_bias = grads + layout_.gate_bias;
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < G; ++j) d_bias[j] += d_gates_[static_cast<std::size_t>(r) * G + j];
  d_x_.resize(static_cast<std::size_t>(rows) * E);
  gemm(false, true, rows, E, G, T(1), d_gates_.data(), G, params + layout_.input_weights, G, T(0), d_x_.data(), E);
  T* d_emb = grads + layout_.embedding;
  for (int r = 0; r < rows; ++r) {
    T* row = d_emb + static_cast<std::size_t>(inputs_[r]) * E;
    const T* src = d_x_.data() + static_cast<std::size_t>(r) * E;
    for (int e = 0; e < E; ++e) row[e] += src[e];
  }
  return static_cast<T>(loss / rows);
}

template <class T>
T CpuNetwork<T>::mean_cross_entropy(const int* targets) const {
  const int V = shape_.vocab, rows = length_ * batch_;
  double loss = 0.0;
  for (int r = 0; r < rows; ++r) {
    const T* z = logits_.data() + static_cast<std::size_t>(r) * V;
    const LogSoftmax<T> s = log_softmax(z, V);
    loss += static_cast<double>(s.log_sum - (z[targets[r]] - s.peak));
  }
  return static_cast<T>(loss / rows);
}

template class CpuNetwork<float>;
template class CpuNetwork<double>;

}  // namespace whygpu::lstm
