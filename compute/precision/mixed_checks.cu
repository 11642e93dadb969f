// The mixed-precision kernels run outside the graph on poisoned buffers, for comparison
// against CPU references in tests (mixed_trainer.h).
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
  if (Status s = require_gpu(); !s) return s;
  const int batch = static_cast<int>(labels.size());
  if (Status s = cnn::check_batch_size(batch); !s) return s;
  if (params.size() != static_cast<std::size_t>(shape.parameter_count) ||
      images.size() != static_cast<std::size_t>(batch) * cnn::kImagePixels)
    return Status::error("run_mixed_step_check: parameter or image count does not match");
  for (std::uint8_t label : labels)
    if (label >= cnn::kClasses) return Status::error("run_mixed_step_check: label outside 0..9");

  CudaStream stream;
  CublasHandle blas;
  if (Status s = stream.create(); !s) return s;
  if (Status s = blas.create(stream.get(), cnn::gpu::kCublasWorkspaceBytes); !s) return s;
  const gpu::Context ctx{stream.get(), &blas};
  const std::size_t n = shape.parameter_count;
  DeviceBuffer<float> p, g, m, v;
  DeviceBuffer<gpu::MixedControl> control;
  DeviceBuffer<gpu::MixedMetrics> metrics;
  DeviceBuffer<std::uint8_t> d_images, d_labels;
  gpu::MixedWorkspace ws;
  for (auto* array : {&p, &g, &m, &v})
    if (Status s = array->reserve(n, "parameters"); !s) return s;
  if (Status s = control.reserve(1, "control"); !s) return s;
  if (Status s = metrics.reserve(1, "metrics"); !s) return s;
  if (Status s = d_images.reserve(images.size(), "images"); !s) return s;
  if (Status s = d_labels.reserve(labels.size(), "labels"); !s) return s;
  if (Status s = ws.reserve(shape, precision, batch, true); !s) return s;

  const std::size_t param_bytes = sizeof(float) * n;
  WHYGPU_CUDA_TRY(cudaMemcpy(p.get(), params.data(), param_bytes, cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(d_images.get(), images.data(), images.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(d_labels.get(), labels.data(), labels.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemset(g.get(), 0xFF, param_bytes));  // NaN until written
  WHYGPU_CUDA_TRY(cudaMemset(m.get(), 0, param_bytes));
  WHYGPU_CUDA_TRY(cudaMemset(v.get(), 0, param_bytes));
  WHYGPU_CUDA_TRY(cudaMemset(metrics.get(), 0xFF, sizeof(gpu::MixedMetrics)));
  gpu::MixedControl c{};
  c.base.learning_rate = adam.learning_rate;
  c.base.beta1 = adam.beta1;
  c.base.beta2 = adam.beta2;
  c.base.epsilon = adam.epsilon;
  c.loss_scale = precision == Precision::fp16 ? loss_scale : 1.0f;
  c.growth_interval = 2000;
  c.overflow = 0;
  WHYGPU_CUDA_TRY(cudaMemcpy(control.get(), &c, sizeof c, cudaMemcpyHostToDevice));
  if (Status s = ws.poison(stream.get()); !s) return s;

  if (Status s = cnn::gpu::enqueue_load_images(ctx, d_images.get(), d_labels.get(), nullptr, nullptr, 0, batch,
                                               nullptr, ws.x, ws.labels);
      !s)
    return s;
  if (Status s = gpu::enqueue_cast_weights(ctx, shape, precision, p.get(), ws); !s) return s;
  if (Status s = gpu::enqueue_forward(ctx, shape, precision, p.get(), ws, batch, true); !s) return s;
  if (Status s = gpu::enqueue_backward(ctx, shape, precision, p.get(), ws, batch, g.get(), control.get()); !s) return s;
  if (Status s = gpu::enqueue_finish_step(ctx, shape, precision, p.get(), g.get(), m.get(), v.get(), ws, batch,
                                          control.get(), metrics.get());
      !s)
    return s;
  if (Status s = stream.synchronize(); !s) return s;
  out->probabilities.resize(static_cast<std::size_t>(batch) * cnn::kClasses);
  out->gradients.resize(n);
  out->updated.resize(n);
  WHYGPU_CUDA_TRY(cudaMemcpy(out->probabilities.data(), ws.probs, sizeof(float) * out->probabilities.size(),
                             cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(out->gradients.data(), g.get(), param_bytes, cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(out->updated.data(), p.get(), param_bytes, cudaMemcpyDeviceToHost));
  gpu::MixedControl after;
  WHYGPU_CUDA_TRY(cudaMemcpy(&after, control.get(), sizeof after, cudaMemcpyDeviceToHost));
  float loss = 0;
  int correct = 0;
  WHYGPU_CUDA_TRY(cudaMemcpy(&loss, metrics.get()->loss, sizeof loss, cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(&correct, metrics.get()->correct, sizeof correct, cudaMemcpyDeviceToHost));
  out->mean_loss = loss;
  out->correct = correct;
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
