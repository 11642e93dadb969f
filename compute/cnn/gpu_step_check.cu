// run_gpu_step_check: the GPU kernels of one training step, run outside the graph on
// poisoned buffers, for comparison against the CPU reference in tests.
#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/network_kernels.cuh"
#include "compute/cnn/step_check_rig.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {

Status run_gpu_step_check(const std::vector<float>& params, const std::vector<std::uint8_t>& images,
                          const std::vector<std::uint8_t>& labels, const AdamConfig& adam, GpuStepCheck* out) {
  gpu::StepCheckRig<gpu::DeviceControl, gpu::DeviceMetrics> rig;
  if (Status s = rig.prepare("run_gpu_step_check", params, kParameterCount, images, labels,
                             gpu::initial_control(adam, AugmentState{}));
      !s)
    return s;
  const int batch = rig.batch;
  const gpu::Context ctx = rig.context();
  gpu::Workspace ws;
  if (Status s = ws.reserve(batch, true); !s) return s;
  if (Status s = ws.poison(rig.stream.get()); !s) return s;
  if (Status s = gpu::enqueue_load_batch(ctx, rig.images.get(), rig.labels.get(), nullptr, nullptr, 0, batch, ws); !s)
    return s;
  auto& state = rig.state;
  if (Status s = gpu::enqueue_forward_backward(ctx, state.params.get(), ws, batch, state.grads.get(),
                                               state.control.get(), state.metrics.get());
      !s)
    return s;
  if (Status s = gpu::enqueue_adam(ctx, state.params.get(), state.grads.get(), state.m.get(), state.v.get(),
                                   kParameterCount, state.control.get());
      !s)
    return s;
  return rig.read(ws.probs, out);
}

Status run_gpu_gather_check(const std::vector<std::uint8_t>& images, const AugmentState& augment, int step,
                            std::vector<float>* x) {
  if (Status s = require_gpu(); !s) return s;
  const int count = static_cast<int>(images.size() / kImagePixels);
  if (count < 1 || images.size() != static_cast<std::size_t>(count) * kImagePixels)
    return Status::error(
        Wording::sentence(N_("run_gpu_gather_check: the images are not whole 28x28 images")));
  CudaStream stream;
  CublasHandle blas;  // not used by the gather; the context carries one
  if (Status s = stream.create(); !s) return s;
  const gpu::Context ctx{stream.get(), &blas};
  DeviceBuffer<std::uint8_t> d_images, d_labels;
  DeviceBuffer<float> d_x;
  DeviceBuffer<int> d_batch_labels;
  DeviceBuffer<gpu::DeviceControl> control;
  if (Status s = d_images.reserve(images.size(), "images"); !s) return s;
  if (Status s = d_labels.reserve(count, "labels"); !s) return s;
  if (Status s = d_x.reserve(images.size(), "x"); !s) return s;
  if (Status s = d_batch_labels.reserve(count, "batch labels"); !s) return s;
  if (Status s = control.reserve(1, "control"); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(d_images.get(), images.data(), images.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemset(d_labels.get(), 0, count));
  WHYGPU_CUDA_TRY(cudaMemset(d_x.get(), 0xFF, d_x.bytes()));  // NaN until written
  gpu::DeviceControl c{};
  c.step = step;
  c.augment = augment;
  WHYGPU_CUDA_TRY(cudaMemcpy(control.get(), &c, sizeof c, cudaMemcpyHostToDevice));
  if (Status s = gpu::enqueue_load_images(ctx, d_images.get(), d_labels.get(), nullptr, nullptr, 0, count,
                                          control.get(), d_x.get(), d_batch_labels.get());
      !s)
    return s;
  if (Status s = stream.synchronize(); !s) return s;
  x->resize(images.size());
  WHYGPU_CUDA_TRY(cudaMemcpy(x->data(), d_x.get(), d_x.bytes(), cudaMemcpyDeviceToHost));
  return Status::ok();
}

}  // namespace whygpu::cnn
