#pragma once
// The LSTM cell's equations, written once for the CPU (float and double) and the GPU
// kernels (compiled by nvcc as __host__ __device__). With pre-activations a_* of one
// unit:
//   i = sigmoid(a_i)  f = sigmoid(a_f)  o = sigmoid(a_o)  g = tanh(a_g)
//   c = f * c_prev + i * g        h = o * tanh(c)
// and Adam's update of one parameter.
#include <cmath>

#include "compute/core/host_device.h"

namespace whygpu::lstm {

WHYGPU_HD inline float math_exp(float x) { return expf(x); }
WHYGPU_HD inline double math_exp(double x) { return exp(x); }
WHYGPU_HD inline float math_tanh(float x) { return tanhf(x); }
WHYGPU_HD inline double math_tanh(double x) { return tanh(x); }

template <class T>
WHYGPU_HD inline T sigmoid(T x) {
  return T(1) / (T(1) + math_exp(-x));
}

template <class T>
struct CellGates {
  T i, f, o, g;  // activations
};

template <class T>
WHYGPU_HD inline CellGates<T> cell_activations(T a_i, T a_f, T a_o, T a_g) {
  return {sigmoid(a_i), sigmoid(a_f), sigmoid(a_o), math_tanh(a_g)};
}

template <class T>
WHYGPU_HD inline T cell_state(const CellGates<T>& gate, T c_prev) {
  return gate.f * c_prev + gate.i * gate.g;
}

template <class T>
WHYGPU_HD inline T cell_output(const CellGates<T>& gate, T c) {
  return gate.o * math_tanh(c);
}

// Backward through one cell. dh: loss gradient reaching h (from the output layer and
// the next step); dc_next: gradient reaching c from the next step. Returns the gradients
// of the four pre-activations and sets *dc_prev for the step before.
template <class T>
WHYGPU_HD inline CellGates<T> cell_backward(const CellGates<T>& gate, T c_prev, T c, T dh, T dc_next,
                                          T* dc_prev) {
  const T tanh_c = math_tanh(c);
  const T dc = dc_next + dh * gate.o * (T(1) - tanh_c * tanh_c);
  const T d_o = dh * tanh_c;
  const T d_i = dc * gate.g;
  const T d_f = dc * c_prev;
  const T d_g = dc * gate.i;
  *dc_prev = dc * gate.f;
  return {d_i * gate.i * (T(1) - gate.i), d_f * gate.f * (T(1) - gate.f),
          d_o * gate.o * (T(1) - gate.o), d_g * (T(1) - gate.g * gate.g)};
}

// Adam's step sizes for update number t (1-based), bias correction folded in.
struct AdamStep {
  float step_size;   // learning_rate * sqrt(1 - beta2^t) / (1 - beta1^t)
  float epsilon_hat; // epsilon * sqrt(1 - beta2^t), so that the folded form equals Adam's
};

// Step t counts from 1. The bias corrections use powf on host and device alike.
WHYGPU_HD inline AdamStep adam_step(float learning_rate, float beta1, float beta2, float epsilon,
                                  float t) {
  const float correction2 = sqrtf(1.0f - powf(beta2, t));
  return {learning_rate * correction2 / (1.0f - powf(beta1, t)), epsilon * correction2};
}

// Global-norm clipping: the factor that brings a gradient of squared norm `norm_squared`
// down to at most `clip_norm`.
WHYGPU_HD inline float clip_factor(double norm_squared, float clip_norm) {
  const double norm = sqrt(norm_squared);
  return norm > clip_norm ? static_cast<float>(clip_norm / norm) : 1.0f;
}

// One parameter: gradient g already scaled by the clipping factor.
WHYGPU_HD inline void adam_update(float* w, float* m, float* v, float g, float beta1, float beta2,
                                AdamStep step) {
  *m = beta1 * *m + (1.0f - beta1) * g;
  *v = beta2 * *v + (1.0f - beta2) * g * g;
  *w -= step.step_size * *m / (sqrtf(*v) + step.epsilon_hat);
}

}  // namespace whygpu::lstm
