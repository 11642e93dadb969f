#pragma once
// The LSTM trainer's small GPU kernels (everything but the matrix products, which go to
// cuBLAS, and the persistent recurrence in gpu_recurrence.cuh). Each launcher enqueues
// on `stream` and returns the launch's Status; all are safe to capture in a CUDA graph.
#include <cuda_runtime.h>

#include <cstddef>

#include "compute/core/status.h"
#include "compute/lstm/model.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm::gpu {

// Device-side bookkeeping, so that a captured training step replays with no host work.
struct DeviceCounters {
  double step_loss;     // sum of the current step's per-character losses (zeroed first)
  double norm_squared;  // the current step's squared gradient norm (zeroed first)
  double loss_total;    // sum over training steps of their mean loss
  long long loss_steps; // training steps in loss_total
  long long adam_steps; // Adam updates so far (its bias correction needs the count)
  int chunk;            // the text streams' next chunk (text_streams.h)
  int unused;
};

// The text-stream plan of text_streams.h on the device: gathers inputs and targets
// [length][batch] of chunk *chunk (device memory: training reads counters->chunk, which
// the step advances) and sets the initial state (slot 0 of h_seq/c_seq) to zero at a
// pass's first chunk, else to the previous chunk's final state (slot `length`).
Status launch_prepare_chunk(const TokenId* text, std::size_t segment, int length, int batch, int hidden,
                            const int* chunk, int* inputs, int* targets, float* h_seq, float* c_seq,
                            cudaStream_t stream);

// x[r][:] = embedding[inputs[r]][:]
Status launch_gather_embeddings(const int* inputs, const float* embedding, float* x, int rows, int embed,
                                cudaStream_t stream);

// In place: logits (+ bias) -> (softmax - onehot(target)) / rows; adds the rows' summed
// cross-entropy to counters->step_loss.
Status launch_softmax_cross_entropy(float* logits, const float* bias, const int* targets, int rows, int vocab,
                                    DeviceCounters* counters, cudaStream_t stream);

// One time step of the per-step path: pre holds x·Wx + h·Wh for the step ([batch][4H]).
Status launch_cell_forward(const float* pre, const float* bias, float* acts, const float* c_prev, float* c,
                           float* h, int batch, int hidden, cudaStream_t stream);
// d_h_rec: what reaches h from the later step (null at the last step); d_c: in/out.
Status launch_cell_backward(const float* acts, const float* c_prev, const float* c, const float* d_h_out,
                            const float* d_h_rec, float* d_c, float* d_gates, int batch, int hidden,
                            cudaStream_t stream);

// d_embedding[inputs[r]][:] += d_x[r][:] (d_embedding zeroed by the caller).
Status launch_scatter_embedding_gradient(const int* inputs, const float* d_x, float* d_embedding, int rows,
                                         int embed, cudaStream_t stream);

// Adds the gradient's squared norm to counters->norm_squared and counts the Adam step;
// with `training_step`, also books the step's mean loss and advances the text chunk.
Status launch_gradient_norm(const float* grads, std::size_t count, DeviceCounters* counters, bool training_step,
                            int rows, int chunks_per_pass, cudaStream_t stream);

// Clipping by the global norm, then Adam, on every parameter.
Status launch_adam(float* params, const float* grads, float* m, float* v, std::size_t count,
                   const OptimizerConfig* config, const DeviceCounters* counters, cudaStream_t stream);

}  // namespace whygpu::lstm::gpu
