// The mixed-precision kernels run outside the graph on poisoned buffers, for comparison
// against CPU references in tests (mixed_trainer.h).
#include "compute/cnn/step_check_rig.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/precision/mixed_network.cuh"
#include "compute/precision/mixed_trainer.h"

namespace whygpu::precision {

Status run_mixed_step_check(const WideShape& shape, Precision precision, const std::vector<float>& params,
                            const std::vector<std::uint8_t>& images, const std::vector<std::uint8_t>& labels,
                            const cnn::AdamConfig& adam, float loss_scale, MixedStepCheck* out) {
  gpu::MixedControl initial{};
  initial.base = cnn::gpu::initial_control(adam, cnn::AugmentState{});
  initial.loss_scale = precision == Precision::fp16 ? loss_scale : 1.0f;
  initial.growth_interval = LossScaleConfig{}.growth_interval;
  cnn::gpu::StepCheckRig<gpu::MixedControl, gpu::MixedMetrics> rig;
  if (Status s = rig.prepare("run_mixed_step_check", params, shape.parameter_count, images, labels, initial); !s)
    return s;
  const int batch = rig.batch;
  const gpu::Context ctx = rig.context();
  gpu::MixedWorkspace ws;
  if (Status s = ws.reserve(shape, precision, batch, true); !s) return s;
  if (Status s = ws.poison(rig.stream.get()); !s) return s;
  if (Status s = cnn::gpu::enqueue_load_images(ctx, rig.images.get(), rig.labels.get(), nullptr, nullptr, 0, batch,
                                               nullptr, ws.x, ws.labels);
      !s)
    return s;
  auto& state = rig.state;
  if (Status s = gpu::enqueue_cast_weights(ctx, shape, precision, state.params.get(), ws); !s) return s;
  if (Status s = gpu::enqueue_forward(ctx, shape, precision, state.params.get(), ws, batch, true); !s) return s;
  if (Status s = gpu::enqueue_backward(ctx, shape, precision, state.params.get(), ws, batch, state.grads.get(),
                                       state.control.get());
      !s)
    return s;
  if (Status s = gpu::enqueue_finish_step(ctx, shape, precision, state.params.get(), state.grads.get(), state.m.get(),
                                          state.v.get(), ws, batch, state.control.get(), state.metrics.get());
      !s)
    return s;
  if (Status s = rig.read(ws.probs, out); !s) return s;
  gpu::MixedControl after;
  WHYGPU_CUDA_TRY(cudaMemcpy(&after, state.control.get(), sizeof after, cudaMemcpyDeviceToHost));
  out->skipped = after.overflow != 0;
  out->loss_scale_after = after.loss_scale;
  return Status::ok();
}

Status run_gpu_round_trip(Precision precision, const std::vector<float>& in, std::vector<float>* out) {
  if (Status s = require_gpu(); !s) return s;
  const int count = static_cast<int>(in.size());
  CudaStream stream;
  CublasHandle blas;  // not used; the context carries one
  if (Status s = stream.create(); !s) return s;
  DeviceBuffer<float> d_in, d_out, storage;  // storage: room for FP32 too
  if (Status s = d_in.reserve(count, "input"); !s) return s;
  if (Status s = d_out.reserve(count, "output"); !s) return s;
  if (Status s = storage.reserve(count, "storage"); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(d_in.get(), in.data(), sizeof(float) * count, cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemset(d_out.get(), 0xFF, sizeof(float) * count));
  WHYGPU_CUDA_TRY(cudaMemset(storage.get(), 0xFF, sizeof(float) * count));
  if (Status s = gpu::enqueue_round_trip({stream.get(), &blas}, precision, d_in.get(), count, storage.get(), d_out.get());
      !s)
    return s;
  if (Status s = stream.synchronize(); !s) return s;
  out->resize(count);
  WHYGPU_CUDA_TRY(cudaMemcpy(out->data(), d_out.get(), sizeof(float) * count, cudaMemcpyDeviceToHost));
  return Status::ok();
}

Status run_gpu_unscale_check(const std::vector<float>& grads, float scale, std::vector<float>* out, bool* overflow) {
  if (Status s = require_gpu(); !s) return s;
  const int count = static_cast<int>(grads.size());
  CudaStream stream;
  CublasHandle blas;  // not used; the context carries one
  if (Status s = stream.create(); !s) return s;
  DeviceBuffer<float> d_grads;
  DeviceBuffer<gpu::MixedControl> control;
  if (Status s = d_grads.reserve(count, "gradients"); !s) return s;
  if (Status s = control.reserve(1, "control"); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(d_grads.get(), grads.data(), sizeof(float) * count, cudaMemcpyHostToDevice));
  gpu::MixedControl c{};
  c.loss_scale = scale;
  WHYGPU_CUDA_TRY(cudaMemcpy(control.get(), &c, sizeof c, cudaMemcpyHostToDevice));
  if (Status s = gpu::enqueue_unscale_check({stream.get(), &blas}, d_grads.get(), count, control.get()); !s) return s;
  if (Status s = stream.synchronize(); !s) return s;
  out->resize(count);
  WHYGPU_CUDA_TRY(cudaMemcpy(out->data(), d_grads.get(), sizeof(float) * count, cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(&c, control.get(), sizeof c, cudaMemcpyDeviceToHost));
  *overflow = c.overflow != 0;
  return Status::ok();
}

}  // namespace whygpu::precision
