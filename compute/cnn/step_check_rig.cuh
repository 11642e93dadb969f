#pragma once
// The set-up and read-back around one training step run for a test (internal to
// run_gpu_step_check and precision's run_mixed_step_check): the inputs checked, the
// parameters, images and labels on the device, the gradients and metrics poisoned with
// NaN, Adam's moments at zero; afterwards the step's outputs copied back. Control is the
// network's step control block (DeviceControl or one that starts with it) and Metrics its
// metrics ring (loss and correct of step 1 at index 0).
#include <cstdint>
#include <string>
#include <vector>

#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/model.h"
#include "compute/cnn/training_state.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_check.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn::gpu {

template <typename Control, typename Metrics>
struct StepCheckRig {
  TrainingState<Control, Metrics> state;
  CudaStream stream;
  CublasHandle blas;
  DeviceBuffer<std::uint8_t> images, labels;
  int batch = 0;
  int parameter_count = 0;

  Context context() const { return {stream.get(), &blas}; }

  // Checks the inputs (`who` names the check in the errors) and puts them on the device;
  // the control block gets `initial` (its Adam settings and everything else).
  Status prepare(const char* who, const std::vector<float>& host_params, int expected_parameters,
                 const std::vector<std::uint8_t>& host_images, const std::vector<std::uint8_t>& host_labels,
                 const Control& initial) {
    if (Status s = require_gpu(); !s) return s;
    batch = static_cast<int>(host_labels.size());
    parameter_count = expected_parameters;
    if (Status s = check_batch_size(batch); !s) return s;
    if (host_params.size() != static_cast<std::size_t>(expected_parameters) ||
        host_images.size() != static_cast<std::size_t>(batch) * kImagePixels)
      return Status::error(Wording::sentence(N_("{0}: parameter or image count does not match"), {who}));
    for (std::uint8_t label : host_labels)
      if (label >= kClasses) return Status::error(Wording::sentence(N_("{0}: label outside 0..9"), {who}));
    if (Status s = stream.create(); !s) return s;
    if (Status s = blas.create(stream.get(), kCublasWorkspaceBytes); !s) return s;
    if (Status s = state.reserve(parameter_count); !s) return s;
    if (Status s = images.reserve(host_images.size(), "images"); !s) return s;
    if (Status s = labels.reserve(host_labels.size(), "labels"); !s) return s;
    const std::size_t param_bytes = sizeof(float) * parameter_count;
    WHYGPU_CUDA_TRY(cudaMemcpy(state.params.get(), host_params.data(), param_bytes, cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemcpy(images.get(), host_images.data(), host_images.size(), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemcpy(labels.get(), host_labels.data(), host_labels.size(), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(state.grads.get(), 0xFF, param_bytes));  // NaN until written
    WHYGPU_CUDA_TRY(cudaMemset(state.m.get(), 0, param_bytes));
    WHYGPU_CUDA_TRY(cudaMemset(state.v.get(), 0, param_bytes));
    WHYGPU_CUDA_TRY(cudaMemset(state.metrics.get(), 0xFF, sizeof(Metrics)));
    WHYGPU_CUDA_TRY(cudaMemcpy(state.control.get(), &initial, sizeof initial, cudaMemcpyHostToDevice));
    return Status::ok();
  }

  // After the step: waits for it, then copies back the softmax outputs (device_probs,
  // batch x 10), the gradients, the parameters and step 1's loss and correct count.
  Status read(const float* device_probs, GpuStepCheck* out) {
    if (Status s = stream.synchronize(); !s) return s;
    const std::size_t param_bytes = sizeof(float) * parameter_count;
    out->probabilities.resize(static_cast<std::size_t>(batch) * kClasses);
    out->gradients.resize(parameter_count);
    out->updated.resize(parameter_count);
    WHYGPU_CUDA_TRY(cudaMemcpy(out->probabilities.data(), device_probs, sizeof(float) * out->probabilities.size(),
                               cudaMemcpyDeviceToHost));
    WHYGPU_CUDA_TRY(cudaMemcpy(out->gradients.data(), state.grads.get(), param_bytes, cudaMemcpyDeviceToHost));
    WHYGPU_CUDA_TRY(cudaMemcpy(out->updated.data(), state.params.get(), param_bytes, cudaMemcpyDeviceToHost));
    float loss = 0;
    int correct = 0;
    WHYGPU_CUDA_TRY(cudaMemcpy(&loss, state.metrics.get()->loss, sizeof loss, cudaMemcpyDeviceToHost));
    WHYGPU_CUDA_TRY(cudaMemcpy(&correct, state.metrics.get()->correct, sizeof correct, cudaMemcpyDeviceToHost));
    out->mean_loss = loss;
    out->correct = correct;
    return Status::ok();
  }
};

}  // namespace whygpu::cnn::gpu
