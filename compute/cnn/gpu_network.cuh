#pragma once
// The network on the GPU (internal to compute/cnn): device buffers for one batch and the
// functions that enqueue the forward pass, the loss and backward pass, and Adam on a
// stream. Same layouts and per-element formulas as cpu_network.h (model.h,
// model_math.h); matrix products through cuBLAS, everything else in our kernels.
// Everything here only enqueues work, so a whole training step can be captured into one
// CUDA graph; nothing reads values back to the host.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "compute/cnn/augmentation.h"
#include "compute/cnn/model.h"
#include "compute/cnn/model_math.h"
#include "compute/core/status.h"

namespace whygpu {
class CublasHandle;  // compute/core/cublas_handle.h
}  // namespace whygpu

namespace whygpu::cnn::gpu {

// State the captured graph reads and updates on the device, so that one graph serves
// every step: where the next batch starts, the step count and Adam's per-step scalars.
struct DeviceControl {
  int cursor;          // index into the batch order of the next batch's first image
  int step;            // Adam steps done
  float learning_rate;
  float beta1;
  float beta2;
  float epsilon;
  float step_size;     // lr / (1 - beta1^step), set by the loss kernel each step
  float inv_sqrt_bc2;  // 1 / sqrt(1 - beta2^step)
  AugmentState augment;  // read by the batch gather at every step (zero: off)
};

// A control block for a fresh start: Adam's settings, the augmentation, no steps yet.
DeviceControl initial_control(const AdamConfig& adam, const AugmentState& augment);

// Per-step results the loss kernel appends, read back in bulk by the host.
inline constexpr int kMetricsRing = 4096;
struct DeviceMetrics {
  float loss[kMetricsRing];    // mean batch loss of step s at [(s-1) % kMetricsRing]
  int correct[kMetricsRing];
};

// One device allocation carved into every intermediate of a batch of up to `capacity`
// images (cpu_network.h's CpuWorkspace, on the device).
class Workspace {
 public:
  Workspace() = default;
  ~Workspace();
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  Status reserve(int batch, bool with_backward);
  int capacity() const { return capacity_; }
  bool has_backward() const { return with_backward_; }
  // Fills every buffer with NaN bit patterns, so that unwritten outputs show (tests).
  Status poison(cudaStream_t stream);

  float *x = nullptr, *a1 = nullptr, *p1 = nullptr;           // conv1 (direct, no columns)
  float *col2 = nullptr, *a2 = nullptr, *p2 = nullptr;          // conv2
  float *col3 = nullptr, *z3 = nullptr;                         // conv3 columns and product
  float *flat = nullptr, *h = nullptr, *probs = nullptr;        // dense head
  int* labels = nullptr;
  // Backward (with_backward only).
  float *dlogits = nullptr, *dh = nullptr, *dz3 = nullptr, *dcol3 = nullptr;
  float *dz2 = nullptr, *dcol2 = nullptr, *dz1 = nullptr;
  float* sample_loss = nullptr;       // per image, summed in a fixed order afterwards
  int* sample_correct = nullptr;
  float* conv1_partials = nullptr;    // [32][segments][10] partial sums of conv1's gradients
  unsigned int* conv1_tickets = nullptr;  // per channel; zero between steps (not poisoned)

 private:
  void release();
  void* memory_ = nullptr;
  std::size_t bytes_ = 0;
  void* tickets_ = nullptr;
  int capacity_ = 0;
  bool with_backward_ = false;
};

// One device allocation carved into a workspace's buffers: each piece says where its
// pointer goes and how many bytes it needs. Every piece starts on a 256-byte boundary (the
// vector loads and cuBLAS want it); a piece of 0 bytes gets null. `what` names the
// workspace in an error; *memory is the caller's to cudaFree, *bytes its size.
struct WorkspacePiece {
  void** ptr;
  std::size_t bytes;
};
Status allocate_pieces(const WorkspacePiece* pieces, std::size_t count, const std::string& what, void** memory,
                       std::size_t* bytes);

struct Context {
  cudaStream_t stream;
  const CublasHandle* blas;  // bound to `stream`
};

// The cuBLAS handle's own workspace (CublasHandle::create): with it cuBLAS allocates
// nothing while a training step is captured into a graph.
inline constexpr std::size_t kCublasWorkspaceBytes = std::size_t{32} << 20;

// x[i] = images[index_i] / 255 and labels[i] = labels[index_i] for i < batch, where
// index_i = order[*cursor + i] when order is given (training batches), else first + i.
// With `control` (training steps), the image is augmented as control->augment says,
// with the transform of (control->step, i) (augmentation.h); null: no augmentation.
Status enqueue_load_images(const Context& ctx, const std::uint8_t* images, const std::uint8_t* labels,
                           const int* order, const int* cursor, int first, int batch,
                           const DeviceControl* control, float* x, int* batch_labels);
Status enqueue_load_batch(const Context& ctx, const std::uint8_t* images, const std::uint8_t* labels,
                          const int* order, const int* cursor, int first, int batch, Workspace& ws,
                          const DeviceControl* control = nullptr);

// Forward pass of ws.x into ws.probs (and every activation on the way).
Status enqueue_forward(const Context& ctx, const float* params, Workspace& ws, int batch);

// A whole training step's forward and backward pass: the convolutions forward, then the
// dense head forward and backward fused per image with the loss (softmax cross-entropy
// against ws.labels), then the batch's weight gradients into grads and the step's
// bookkeeping in control and metrics.
//
// The backward pass finishes the gradients layer by layer from the last, and each layer's
// blocks are a contiguous range of the flat array (model.h). `ready`, when given, is called
// on the host as soon as the kernels that finish a range are enqueued, with that range
// [first_block, end_block) of kParamBlocks: work the caller then puts behind ctx.stream (an
// event) sees those gradients final while the earlier layers' are still being computed,
// which is what lets a data-parallel step average them during the backward pass. The
// ranges come last layer first and together cover every block once.
using GradientsReady = std::function<Status(int first_block, int end_block)>;
Status enqueue_forward_backward(const Context& ctx, const float* params, Workspace& ws, int batch,
                                float* grads, DeviceControl* control, DeviceMetrics* metrics,
                                const GradientsReady& ready = {});

// Adam: enqueue_adam in network_kernels.cuh, over kParameterCount parameters.

}  // namespace whygpu::cnn::gpu
