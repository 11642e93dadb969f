// One character at a time on the GPU: two small kernels per character (the cell, then
// the output layer), both writing their results straight into mapped pinned host memory,
// and one stream synchronisation. The weights stay resident.
#include <algorithm>
#include <limits>

#include "compute/core/cuda_check.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/gpu_info.h"
#include "compute/lstm/cell_math.h"
#include "compute/lstm/generator.h"
#include "compute/core/device_memory.cuh"

namespace whygpu::lstm {
namespace {


constexpr int kCellUnits = 32;     // hidden units per block of the cell kernel
constexpr int kCellSplits = 8;     // threads sharing one gate column's dot product
constexpr int kHeadColumns = 32;   // logits per block of the output kernel
constexpr int kHeadSplits = 8;

struct CellArgs {
  const float* embedding;  // [V][E]
  const float* w_x;        // [E][4H]
  const float* w_h;        // [H][4H]
  const float* bias;       // [4H]
  const float* h_in;
  const float* c_in;
  float* h_out;
  float* c_out;
  float* trace;            // mapped host memory: gates [4][H], then c [H], then h [H]
  int token, embed, hidden;
};

// Block: 32 units x 4 gates = 128 columns, each summed by 8 threads over the inputs
// (the embedding row, then h).
__global__ void __launch_bounds__(kCellUnits * 4 * kCellSplits) generate_cell_kernel(CellArgs a) {
  extern __shared__ float shared[];
  const int E = a.embed, H = a.hidden, inputs = E + H;
  float* in = shared;                                   // [E + H]
  float* partial = shared + inputs;                     // [kCellSplits][128]
  for (int i = threadIdx.x; i < inputs; i += blockDim.x)
    in[i] = i < E ? a.embedding[static_cast<std::size_t>(a.token) * E + i] : a.h_in[i - E];
  __syncthreads();
  const int local = threadIdx.x % (kCellUnits * 4), split = threadIdx.x / (kCellUnits * 4);
  const int gate = local / kCellUnits, unit = blockIdx.x * kCellUnits + local % kCellUnits;
  float sum = 0.0f;
  if (unit < H) {
    const int col = gate * H + unit;
    for (int i = split; i < inputs; i += kCellSplits)
      sum += in[i] * (i < E ? a.w_x[static_cast<std::size_t>(i) * 4 * H + col]
                            : a.w_h[static_cast<std::size_t>(i - E) * 4 * H + col]);
  }
  partial[split * kCellUnits * 4 + local] = sum;
  __syncthreads();
  if (threadIdx.x < kCellUnits && blockIdx.x * kCellUnits + threadIdx.x < H) {
    const int u = blockIdx.x * kCellUnits + threadIdx.x;
    float pre[4];
    for (int g = 0; g < 4; ++g) {
      float s = a.bias[g * H + u];
      for (int k = 0; k < kCellSplits; ++k) s += partial[k * kCellUnits * 4 + g * kCellUnits + threadIdx.x];
      pre[g] = s;
    }
    const CellGates<float> gates = cell_activations(pre[kInputGate], pre[kForgetGate], pre[kOutputGate], pre[kCandidate]);
    const float c = cell_state(gates, a.c_in[u]);
    const float h = cell_output(gates, c);
    a.c_out[u] = c;
    a.h_out[u] = h;
    a.trace[kInputGate * H + u] = gates.i;
    a.trace[kForgetGate * H + u] = gates.f;
    a.trace[kOutputGate * H + u] = gates.o;
    a.trace[kCandidate * H + u] = gates.g;
    a.trace[4 * H + u] = c;
    a.trace[5 * H + u] = h;
  }
}

__global__ void __launch_bounds__(kHeadColumns * kHeadSplits)
    generate_logits_kernel(const float* w_y, const float* b_y, const float* h, float* logits, int hidden, int vocab) {
  __shared__ float partial[kHeadSplits][kHeadColumns];
  const int local = threadIdx.x % kHeadColumns, split = threadIdx.x / kHeadColumns;
  const int v = blockIdx.x * kHeadColumns + local;
  float sum = 0.0f;
  if (v < vocab)
    for (int k = split; k < hidden; k += kHeadSplits) sum += h[k] * w_y[static_cast<std::size_t>(k) * vocab + v];
  partial[split][local] = sum;
  __syncthreads();
  if (split == 0 && v < vocab) {
    float s = b_y[v];
    for (int k = 0; k < kHeadSplits; ++k) s += partial[k][local];
    logits[v] = s;
  }
}

class GpuGenerator final : public Generator {
 public:
  ~GpuGenerator() override {
    if (stream_.get()) cudaStreamSynchronize(stream_);
  }

  Status init(const ModelWeights& w) {
    shape_ = w.shape;
    layout_ = parameter_layout(w.shape);
    const GpuInfo& info = gpu_info();
    if (Status s = require_gpu(); !s) return s;
    device_ = info.device;
    name_ = info.name;
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    if (Status s = stream_.create(); !s) return s;
    const auto H = static_cast<std::size_t>(shape_.hidden);
    if (Status s = params_.allocate(layout_.total); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(params_.get(), w.values.data(), params_.bytes(), cudaMemcpyHostToDevice));
    for (auto* a : {&h_[0], &h_[1], &c_[0], &c_[1]})
      if (Status s = a->allocate(H); !s) return s;
    if (Status s = trace_.allocate(6 * H, true); !s) return s;
    if (Status s = logits_.allocate(static_cast<std::size_t>(shape_.vocab), true); !s) return s;
    // NaN until a kernel writes them: a value it missed cannot pass as a plausible number.
    std::fill(trace_.get(), trace_.get() + trace_.count(), std::numeric_limits<float>::quiet_NaN());
    std::fill(logits_.get(), logits_.get() + logits_.count(), std::numeric_limits<float>::quiet_NaN());
    shared_bytes_ = (static_cast<std::size_t>(shape_.embed) + H + kCellSplits * kCellUnits * 4) * sizeof(float);
    if (shared_bytes_ > 48 * 1024)
      WHYGPU_CUDA_TRY(cudaFuncSetAttribute(generate_cell_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared_bytes_)));
    return reset();
  }

  std::string description() const override { return name_; }
  const LstmShape& shape() const override { return shape_; }

  Status reset() override {
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    for (auto* a : {&h_[0], &h_[1], &c_[0], &c_[1]}) WHYGPU_CUDA_TRY(cudaMemsetAsync(a->get(), 0, a->bytes(), stream_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    current_ = 0;
    return Status::ok();
  }

  Status step(int input, CellTrace* out) override {
    if (input < 0 || input >= shape_.vocab)
      return Status::error(Wording::sentence(
          N_("token id {0} is outside the vocabulary"), {std::to_string(input)}));
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    const int H = shape_.hidden, next = 1 - current_;
    CellArgs a;
    a.embedding = params_.get() + layout_.embedding;
    a.w_x = params_.get() + layout_.input_weights;
    a.w_h = params_.get() + layout_.recurrent_weights;
    a.bias = params_.get() + layout_.gate_bias;
    a.h_in = h_[current_].get();
    a.c_in = c_[current_].get();
    a.h_out = h_[next].get();
    a.c_out = c_[next].get();
    a.trace = trace_.device();
    a.token = input;
    a.embed = shape_.embed;
    a.hidden = H;
    generate_cell_kernel<<<(H + kCellUnits - 1) / kCellUnits, kCellUnits * 4 * kCellSplits, shared_bytes_, stream_>>>(a);
    WHYGPU_CUDA_TRY_LAUNCH("generate_cell_kernel");
    generate_logits_kernel<<<(shape_.vocab + kHeadColumns - 1) / kHeadColumns, kHeadColumns * kHeadSplits, 0, stream_>>>(
        params_.get() + layout_.output_weights, params_.get() + layout_.output_bias, h_[next].get(), logits_.device(),
        H, shape_.vocab);
    WHYGPU_CUDA_TRY_LAUNCH("generate_logits_kernel");
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    current_ = next;
    const float* trace = trace_.get();
    out->input = input;
    out->gates.assign(trace, trace + 4 * H);
    out->cell.assign(trace + 4 * H, trace + 5 * H);
    out->hidden.assign(trace + 5 * H, trace + 6 * H);
    out->logits.assign(logits_.get(), logits_.get() + shape_.vocab);
    return Status::ok();
  }

 private:
  LstmShape shape_;
  ParameterLayout layout_;
  int device_ = 0;
  std::string name_;
  CudaStream stream_;
  DeviceBuffer<float> params_;
  DeviceBuffer<float> h_[2], c_[2];  // the state, double-buffered: blocks read all of h while others write
  int current_ = 0;
  PinnedBuffer<float> trace_, logits_;
  std::size_t shared_bytes_ = 0;
};

}  // namespace

Status make_gpu_generator(const ModelWeights& weights, std::unique_ptr<Generator>* out) {
  if (Status s = validate_shape(weights.shape); !s) return s;
  if (weights.values.size() != parameter_layout(weights.shape).total)
    return Status::error(Wording::sentence(N_("the weights do not match the model's shape")));
  auto generator = std::make_unique<GpuGenerator>();
  if (Status s = generator->init(weights); !s) return s.with_context("GPU generator");
  *out = std::move(generator);
  return Status::ok();
}

}  // namespace whygpu::lstm
