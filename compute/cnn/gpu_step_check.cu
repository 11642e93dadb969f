// run_gpu_step_check: the GPU kernels of one training step, run outside the graph on
// poisoned buffers, for comparison against the CPU reference in tests.
#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/gpu_trainer.h"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {

Status run_gpu_step_check(const std::vector<float>& params, const std::vector<std::uint8_t>& images,
                          const std::vector<std::uint8_t>& labels, const AdamConfig& adam, GpuStepCheck* out) {
  if (Status s = require_gpu(); !s) return s;
  const int batch = static_cast<int>(labels.size());
  if (Status s = check_batch_size(batch); !s) return s;
  if (params.size() != static_cast<std::size_t>(kParameterCount) ||
      images.size() != static_cast<std::size_t>(batch) * kImagePixels)
    return Status::error("run_gpu_step_check: parameter or image count does not match");
  for (std::uint8_t label : labels)
    if (label >= kClasses) return Status::error("run_gpu_step_check: label outside 0..9");

  CudaStream stream;
  CublasHandle blas;
  if (Status s = stream.create(); !s) return s;
  if (Status s = blas.create(stream.get(), gpu::kCublasWorkspaceBytes); !s) return s;
  const gpu::Context ctx{stream.get(), &blas};
  DeviceBuffer<float> p, g, m, v;
  DeviceBuffer<gpu::DeviceControl> control;
  DeviceBuffer<gpu::DeviceMetrics> metrics;
  DeviceBuffer<std::uint8_t> d_images, d_labels;
  gpu::Workspace ws;
  for (auto* array : {&p, &g, &m, &v})
    if (Status s = array->reserve(kParameterCount, "parameters"); !s) return s;
  if (Status s = control.reserve(1, "control"); !s) return s;
  if (Status s = metrics.reserve(1, "metrics"); !s) return s;
  if (Status s = d_images.reserve(images.size(), "images"); !s) return s;
  if (Status s = d_labels.reserve(labels.size(), "labels"); !s) return s;
  if (Status s = ws.reserve(batch, true); !s) return s;

  const std::size_t param_bytes = sizeof(float) * kParameterCount;
  WHYGPU_CUDA_TRY(cudaMemcpy(p.get(), params.data(), param_bytes, cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(d_images.get(), images.data(), images.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(d_labels.get(), labels.data(), labels.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemset(g.get(), 0xFF, param_bytes));  // NaN until written
  WHYGPU_CUDA_TRY(cudaMemset(m.get(), 0, param_bytes));
  WHYGPU_CUDA_TRY(cudaMemset(v.get(), 0, param_bytes));
  WHYGPU_CUDA_TRY(cudaMemset(metrics.get(), 0xFF, sizeof(gpu::DeviceMetrics)));
  gpu::DeviceControl c{};
  c.learning_rate = adam.learning_rate;
  c.beta1 = adam.beta1;
  c.beta2 = adam.beta2;
  c.epsilon = adam.epsilon;
  WHYGPU_CUDA_TRY(cudaMemcpy(control.get(), &c, sizeof c, cudaMemcpyHostToDevice));
  if (Status s = ws.poison(stream.get()); !s) return s;

  if (Status s = gpu::enqueue_load_batch(ctx, d_images.get(), d_labels.get(), nullptr, nullptr, 0, batch, ws); !s)
    return s;
  if (Status s = gpu::enqueue_forward_backward(ctx, p.get(), ws, batch, g.get(), control.get(), metrics.get()); !s)
    return s;
  if (Status s = stream.synchronize(); !s) return s;
  out->probabilities.resize(static_cast<std::size_t>(batch) * kClasses);
  out->gradients.resize(kParameterCount);
  WHYGPU_CUDA_TRY(cudaMemcpy(out->probabilities.data(), ws.probs, sizeof(float) * out->probabilities.size(),
                             cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(out->gradients.data(), g.get(), param_bytes, cudaMemcpyDeviceToHost));
  if (Status s = gpu::enqueue_adam(ctx, p.get(), g.get(), m.get(), v.get(), control.get()); !s) return s;
  if (Status s = stream.synchronize(); !s) return s;
  out->updated.resize(kParameterCount);
  WHYGPU_CUDA_TRY(cudaMemcpy(out->updated.data(), p.get(), param_bytes, cudaMemcpyDeviceToHost));
  float loss = 0;
  int correct = 0;
  WHYGPU_CUDA_TRY(cudaMemcpy(&loss, metrics.get()->loss, sizeof loss, cudaMemcpyDeviceToHost));
  WHYGPU_CUDA_TRY(cudaMemcpy(&correct, metrics.get()->correct, sizeof correct, cudaMemcpyDeviceToHost));
  out->mean_loss = loss;
  out->correct = correct;
  return Status::ok();
}

Status run_gpu_gather_check(const std::vector<std::uint8_t>& images, const AugmentState& augment, int step,
                            std::vector<float>* x) {
  if (Status s = require_gpu(); !s) return s;
  const int count = static_cast<int>(images.size() / kImagePixels);
  if (count < 1 || images.size() != static_cast<std::size_t>(count) * kImagePixels)
    return Status::error("run_gpu_gather_check: the images are not whole 28x28 images");
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
