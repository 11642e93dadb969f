#pragma once
// The wide network (wide_model.h) on the GPU in one of four precisions (internal to
// compute/precision). Every matrix product goes to cuBLAS's cublasGemmEx:
//   fp32  FP32 inputs, FP32 arithmetic (the CUDA cores);
//   tf32  FP32 inputs that the Tensor Cores read as TF32, FP32 sums;
//   bf16  BF16 inputs, FP32 sums (Tensor Cores);
//   fp16  FP16 inputs, FP32 sums (Tensor Cores), with dynamic loss scaling.
// What is stored in 16 bits in the 16-bit precisions: the matrix-product inputs, i.e. the
// im2col columns, the flattened features, the activation gradients (dz, dh) and a copy
// of the weights cast from the FP32 master weights at every step. Everything else stays
// FP32: the products' outputs and sums, the element-wise work, the weight gradients,
// Adam's state and the master weights that Adam updates.
//
// Loss scaling (fp16 only): the loss gradient is multiplied by `loss_scale` so that small
// activation gradients survive FP16 (whose smallest value is 6e-8); the weight gradients
// are divided by it again before Adam. If any of them is infinite or NaN the step is
// skipped (no update) and the scale halved; after `growth_interval` good steps in a row
// it doubles. Everything happens on the device, so a step stays one CUDA graph.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "compute/cnn/gpu_network.cuh"
#include "compute/precision/number_formats.h"
#include "compute/precision/wide_model.h"

namespace whygpu::precision::gpu {

using cnn::gpu::Context;

struct MixedControl {
  cnn::gpu::DeviceControl base;  // cursor, Adam steps taken, Adam's scalars, augmentation
  float loss_scale;              // 1 outside fp16
  int good_steps;                // since the scale last changed
  int growth_interval;
  int launches;                  // steps run, skipped ones included
  int skipped_steps;
  unsigned int overflow;         // set by this step's gradient check; cleared at its start
};

// cnn's loss and correct count per step, and the loss scale's: step s (counted from 1,
// skipped ones included) at [(s-1) % kMetricsRing].
using cnn::gpu::kMetricsRing;
struct MixedMetrics : cnn::gpu::DeviceMetrics {
  float loss_scale[kMetricsRing];  // the scale the step used
  int skipped[kMetricsRing];
};

// Every intermediate of a batch, carved from one allocation; 16-bit buffers hold
// `storage` elements (void*: float, __nv_bfloat16 or __half by precision).
class MixedWorkspace {
 public:
  MixedWorkspace() = default;
  ~MixedWorkspace();
  MixedWorkspace(const MixedWorkspace&) = delete;
  MixedWorkspace& operator=(const MixedWorkspace&) = delete;

  // Keeps the memory when it already fits this shape, precision and batch.
  Status reserve(const WideShape& shape, Precision precision, int batch, bool with_backward);
  int capacity() const { return capacity_; }
  bool has_backward() const { return with_backward_; }
  // NaN bit patterns everywhere (FP32 and 16-bit alike), so unwritten outputs show.
  Status poison(cudaStream_t stream);

  float* x = nullptr;
  int* labels = nullptr;
  void *col1 = nullptr, *col2 = nullptr, *col3 = nullptr, *flat = nullptr, *weights = nullptr;
  float *a1 = nullptr, *p1 = nullptr, *a2 = nullptr, *p2 = nullptr, *z3 = nullptr;
  float *hidden_in = nullptr, *h = nullptr, *probs = nullptr;
  // Backward.
  float *dlogits = nullptr, *dflat = nullptr, *dcol3 = nullptr, *dcol2 = nullptr;
  void *dh = nullptr, *dz3 = nullptr, *dz2 = nullptr, *dz1 = nullptr;
  float* sample_loss = nullptr;
  int* sample_correct = nullptr;

 private:
  void release();
  void* memory_ = nullptr;
  std::size_t bytes_ = 0;
  int capacity_ = 0;
  int width_ = 0;
  Precision precision_ = Precision::fp32;
  bool with_backward_ = false;
};

// 16-bit precisions: the weight copy the products read, cast from the master weights
// (once per step or evaluation pass). Nothing to do in fp32 and tf32.
Status enqueue_cast_weights(const Context& ctx, const WideShape& shape, Precision precision, const float* params,
                            MixedWorkspace& ws);

// Forward pass of ws.x into ws.probs (cast the weights first). for_training stops before
// the head, which enqueue_backward runs together with the loss.
Status enqueue_forward(const Context& ctx, const WideShape& shape, Precision precision, const float* params,
                       MixedWorkspace& ws, int batch, bool for_training);

// After enqueue_forward(for_training): the head, the loss against ws.labels (its gradient
// times the control's loss scale) and the backward pass into grads (still scaled).
Status enqueue_backward(const Context& ctx, const WideShape& shape, Precision precision, const float* params,
                        MixedWorkspace& ws, int batch, float* grads, const MixedControl* control);

// The end of a step: (fp16) unscale and check the gradients; the step's bookkeeping
// (metrics, loss scale, Adam's scalars, the batch cursor); Adam unless the step overflowed.
Status enqueue_finish_step(const Context& ctx, const WideShape& shape, Precision precision, float* params,
                           float* grads, float* m, float* v, const MixedWorkspace& ws, int batch,
                           MixedControl* control, MixedMetrics* metrics);

// The pieces on their own, for tests: values rounded through the precision's storage
// type on the device; and the unscale-and-check kernel over `count` gradients.
Status enqueue_round_trip(const Context& ctx, Precision precision, const float* in, int count, void* storage,
                          float* out);
Status enqueue_unscale_check(const Context& ctx, float* grads, int count, MixedControl* control);

}  // namespace whygpu::precision::gpu
