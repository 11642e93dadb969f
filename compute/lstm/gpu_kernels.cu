#include "compute/core/cuda_check.h"
#include "compute/lstm/cell_math.h"
#include "compute/lstm/gpu_kernels.cuh"

namespace whygpu::lstm::gpu {
namespace {

constexpr int kThreads = 256;

int blocks_for(std::size_t n, int cap = 1024) {
  const std::size_t b = (n + kThreads - 1) / kThreads;
  return static_cast<int>(b < 1 ? 1 : (b > static_cast<std::size_t>(cap) ? cap : b));
}

__global__ void prepare_chunk_kernel(const TokenId* text, std::size_t segment, int length, int batch, int hidden,
                                     const int* chunk_at, int* inputs, int* targets, float* h_seq, float* c_seq) {
  const int chunk = *chunk_at;
  const int rows = length * batch, state = batch * hidden;
  const std::size_t last = static_cast<std::size_t>(length) * state;
  const int n = rows > state ? rows : state;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    if (i < rows) {
      const int t = i / batch, b = i % batch;
      const std::size_t at = static_cast<std::size_t>(b) * segment +
                             static_cast<std::size_t>(chunk) * static_cast<std::size_t>(length) + t;
      inputs[i] = text[at];
      targets[i] = text[at + 1];
    }
    if (i < state) {
      h_seq[i] = chunk == 0 ? 0.0f : h_seq[last + i];
      c_seq[i] = chunk == 0 ? 0.0f : c_seq[last + i];
    }
  }
}

__global__ void gather_embeddings_kernel(const int* inputs, const float* embedding, float* x, int rows, int embed) {
  const int n = rows * embed;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int r = i / embed, e = i % embed;
    x[i] = embedding[static_cast<std::size_t>(inputs[r]) * embed + e];
  }
}

__device__ float warp_max(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// A warp per row; each lane keeps its (at most 32) logits in registers.
__global__ void softmax_cross_entropy_kernel(float* logits, const float* bias, const int* targets, int rows,
                                             int vocab, float inv_rows, DeviceCounters* counters) {
  constexpr int kPerLane = Vocabulary::kMaxSize / 32;
  __shared__ float block_loss[kThreads / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int warps = gridDim.x * (kThreads / 32);
  float loss = 0.0f;
  for (int r = blockIdx.x * (kThreads / 32) + warp; r < rows; r += warps) {
    float* z = logits + static_cast<std::size_t>(r) * vocab;
    float value[kPerLane];
    float peak = -INFINITY;
#pragma unroll
    for (int k = 0; k < kPerLane; ++k) {
      const int v = lane + 32 * k;
      value[k] = v < vocab ? z[v] + bias[v] : -INFINITY;
      peak = fmaxf(peak, value[k]);
    }
    peak = warp_max(peak);
    const int target = targets[r];
    float sum = 0.0f, target_shifted = 0.0f;
#pragma unroll
    for (int k = 0; k < kPerLane; ++k) {
      const float shifted = value[k] - peak;
      if (lane + 32 * k == target) target_shifted = shifted;
      value[k] = expf(shifted);  // exp(-inf) = 0 for the lanes past the vocabulary
      sum += value[k];
    }
    sum = warp_sum(sum);
    const float scale = inv_rows / sum;
#pragma unroll
    for (int k = 0; k < kPerLane; ++k) {
      const int v = lane + 32 * k;
      if (v < vocab) z[v] = value[k] * scale - (v == target ? inv_rows : 0.0f);
    }
    if (target % 32 == lane) loss += logf(sum) - target_shifted;
  }
  loss = warp_sum(loss);
  if (lane == 0) block_loss[warp] = loss;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += block_loss[w];
    atomicAdd(&counters->step_loss, static_cast<double>(total));
  }
}

__global__ void cell_forward_kernel(const float* pre, const float* bias, float* acts, const float* c_prev,
                                    float* c, float* h, int batch, int hidden) {
  const int n = batch * hidden;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int b = i / hidden, u = i % hidden;
    const float* a = pre + static_cast<std::size_t>(b) * 4 * hidden + u;
    const CellGates<float> g =
        cell_activations(a[kInputGate * hidden] + bias[kInputGate * hidden + u],
                         a[kForgetGate * hidden] + bias[kForgetGate * hidden + u],
                         a[kOutputGate * hidden] + bias[kOutputGate * hidden + u],
                         a[kCandidate * hidden] + bias[kCandidate * hidden + u]);
    float* out = acts + static_cast<std::size_t>(b) * 4 * hidden + u;
    out[kInputGate * hidden] = g.i;
    out[kForgetGate * hidden] = g.f;
    out[kOutputGate * hidden] = g.o;
    out[kCandidate * hidden] = g.g;
    c[i] = cell_state(g, c_prev[i]);
    h[i] = cell_output(g, c[i]);
  }
}

__global__ void cell_backward_kernel(const float* acts, const float* c_prev, const float* c, const float* d_h_out,
                                     const float* d_h_rec, float* d_c, float* d_gates, int batch, int hidden) {
  const int n = batch * hidden;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int b = i / hidden, u = i % hidden;
    const float* a = acts + static_cast<std::size_t>(b) * 4 * hidden + u;
    const CellGates<float> g{a[kInputGate * hidden], a[kForgetGate * hidden], a[kOutputGate * hidden],
                             a[kCandidate * hidden]};
    const float dh = d_h_out[i] + (d_h_rec ? d_h_rec[i] : 0.0f);
    float dc_prev;
    const CellGates<float> d = cell_backward(g, c_prev[i], c[i], dh, d_c[i], &dc_prev);
    d_c[i] = dc_prev;
    float* out = d_gates + static_cast<std::size_t>(b) * 4 * hidden + u;
    out[kInputGate * hidden] = d.i;
    out[kForgetGate * hidden] = d.f;
    out[kOutputGate * hidden] = d.o;
    out[kCandidate * hidden] = d.g;
  }
}

// Atomics: rows sharing a character add into the same embedding row. Their order varies
// between runs, so the last bits of this gradient may too.
__global__ void scatter_embedding_kernel(const int* inputs, const float* d_x, float* d_embedding, int rows,
                                         int embed) {
  const int n = rows * embed;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int r = i / embed, e = i % embed;
    atomicAdd(&d_embedding[static_cast<std::size_t>(inputs[r]) * embed + e], d_x[i]);
  }
}

__global__ void gradient_norm_kernel(const float* grads, std::size_t count, DeviceCounters* counters,
                                     bool training_step, int rows, int chunks_per_pass) {
  __shared__ float partial[kThreads / 32];
  float sum = 0.0f;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    sum += grads[i] * grads[i];
  sum = warp_sum(sum);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partial[w];
    atomicAdd(&counters->norm_squared, static_cast<double>(total));
    if (blockIdx.x == 0) {
      counters->adam_steps += 1;
      if (training_step) {
        counters->loss_total += counters->step_loss / rows;
        counters->loss_steps += 1;
        counters->chunk = (counters->chunk + 1) % chunks_per_pass;
      }
    }
  }
}

__global__ void adam_kernel(float* params, const float* grads, float* m, float* v, std::size_t count,
                            const OptimizerConfig* config, const DeviceCounters* counters) {
  const OptimizerConfig c = *config;
  const float scale = clip_factor(counters->norm_squared, c.clip_norm);
  const AdamStep step =
      adam_step(c.learning_rate, c.beta1, c.beta2, c.epsilon, static_cast<float>(counters->adam_steps));
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    adam_update(&params[i], &m[i], &v[i], grads[i] * scale, c.beta1, c.beta2, step);
}

}  // namespace

Status launch_prepare_chunk(const TokenId* text, std::size_t segment, int length, int batch, int hidden,
                            const int* chunk, int* inputs, int* targets, float* h_seq, float* c_seq,
                            cudaStream_t stream) {
  const std::size_t n = static_cast<std::size_t>(length * batch > batch * hidden ? length * batch : batch * hidden);
  prepare_chunk_kernel<<<blocks_for(n), kThreads, 0, stream>>>(text, segment, length, batch, hidden, chunk,
                                                                inputs, targets, h_seq, c_seq);
  WHYGPU_CUDA_TRY_LAUNCH("prepare_chunk_kernel");
  return Status::ok();
}

Status launch_gather_embeddings(const int* inputs, const float* embedding, float* x, int rows, int embed,
                                cudaStream_t stream) {
  gather_embeddings_kernel<<<blocks_for(static_cast<std::size_t>(rows) * embed), kThreads, 0, stream>>>(
      inputs, embedding, x, rows, embed);
  WHYGPU_CUDA_TRY_LAUNCH("gather_embeddings_kernel");
  return Status::ok();
}

Status launch_softmax_cross_entropy(float* logits, const float* bias, const int* targets, int rows, int vocab,
                                    DeviceCounters* counters, cudaStream_t stream) {
  const int blocks = blocks_for(static_cast<std::size_t>(rows) * 32, 512);
  softmax_cross_entropy_kernel<<<blocks, kThreads, 0, stream>>>(logits, bias, targets, rows, vocab,
                                                                 1.0f / static_cast<float>(rows), counters);
  WHYGPU_CUDA_TRY_LAUNCH("softmax_cross_entropy_kernel");
  return Status::ok();
}

Status launch_cell_forward(const float* pre, const float* bias, float* acts, const float* c_prev, float* c,
                           float* h, int batch, int hidden, cudaStream_t stream) {
  cell_forward_kernel<<<blocks_for(static_cast<std::size_t>(batch) * hidden), kThreads, 0, stream>>>(
      pre, bias, acts, c_prev, c, h, batch, hidden);
  WHYGPU_CUDA_TRY_LAUNCH("cell_forward_kernel");
  return Status::ok();
}

Status launch_cell_backward(const float* acts, const float* c_prev, const float* c, const float* d_h_out,
                            const float* d_h_rec, float* d_c, float* d_gates, int batch, int hidden,
                            cudaStream_t stream) {
  cell_backward_kernel<<<blocks_for(static_cast<std::size_t>(batch) * hidden), kThreads, 0, stream>>>(
      acts, c_prev, c, d_h_out, d_h_rec, d_c, d_gates, batch, hidden);
  WHYGPU_CUDA_TRY_LAUNCH("cell_backward_kernel");
  return Status::ok();
}

Status launch_scatter_embedding_gradient(const int* inputs, const float* d_x, float* d_embedding, int rows,
                                         int embed, cudaStream_t stream) {
  scatter_embedding_kernel<<<blocks_for(static_cast<std::size_t>(rows) * embed), kThreads, 0, stream>>>(
      inputs, d_x, d_embedding, rows, embed);
  WHYGPU_CUDA_TRY_LAUNCH("scatter_embedding_kernel");
  return Status::ok();
}

Status launch_gradient_norm(const float* grads, std::size_t count, DeviceCounters* counters, bool training_step,
                            int rows, int chunks_per_pass, cudaStream_t stream) {
  gradient_norm_kernel<<<blocks_for(count, 256), kThreads, 0, stream>>>(grads, count, counters, training_step,
                                                                         rows, chunks_per_pass);
  WHYGPU_CUDA_TRY_LAUNCH("gradient_norm_kernel");
  return Status::ok();
}

Status launch_adam(float* params, const float* grads, float* m, float* v, std::size_t count,
                   const OptimizerConfig* config, const DeviceCounters* counters, cudaStream_t stream) {
  adam_kernel<<<blocks_for(count, 512), kThreads, 0, stream>>>(params, grads, m, v, count, config, counters);
  WHYGPU_CUDA_TRY_LAUNCH("adam_kernel");
  return Status::ok();
}

}  // namespace whygpu::lstm::gpu
