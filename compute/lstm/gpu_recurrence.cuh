#pragma once
// The recurrence over all time steps in one kernel launch (forward, and one for
// backward), for Hopper GPUs. Why: at hidden 128 a step's product h·Wh is 64 x 128 x 512,
// far too small to fill the GPU, so per-step launches (two per step, forward and back:
// about 256 launches a training step) would dominate the time.
//
// Layout: each thread-block cluster owns 4 batch rows and all hidden units; each of its
// H/16 blocks owns 16 units (their 64 gate columns) and keeps its slice of Wh in
// registers for the whole sequence. Every step, a block multiplies the full h of its
// 4 rows (in its shared memory) by its slice, applies the gate nonlinearities, and
// writes its 16 new h values into the shared memory of every block of the cluster
// (distributed shared memory); one cluster barrier per step then makes the new h
// visible to all. Batch rows never interact, so clusters never wait for each other.
// Backward mirrors it: each block computes its units' gate gradients, multiplies them by
// its slice of Wh^T and sends each partial sum of dh to the block that owns that unit.
#include <cuda_runtime.h>

#include <string>

#include "compute/core/status.h"

namespace whygpu::lstm::gpu {

struct RecurrenceBuffers {
  const float* pre = nullptr;      // [length][batch][4H]  x·Wx, bias not yet added
  const float* bias = nullptr;     // [4H]
  const float* w_h = nullptr;      // [H][4H]
  float* acts = nullptr;           // [length][batch][4H]  gate activations (forward writes)
  float* h_seq = nullptr;          // [length + 1][batch][H], slot 0 = initial state
  float* c_seq = nullptr;
  const float* d_h_out = nullptr;  // [length][batch][H]   loss gradient at h from the output layer
  float* d_gates = nullptr;        // [length][batch][4H]  pre-activation gradients (backward writes)
  int length = 0;
  int batch = 0;
};

// True when this GPU can run the cluster kernels for `hidden` (compute capability 9.0 or
// newer, hidden 32, 64, 128 or 256, and the cluster fits); otherwise *why says why.
bool cluster_recurrence_available(int hidden, std::string* why);

Status launch_cluster_forward(int hidden, const RecurrenceBuffers& buffers, cudaStream_t stream);
Status launch_cluster_backward(int hidden, const RecurrenceBuffers& buffers, cudaStream_t stream);

}  // namespace whygpu::lstm::gpu
