#include "compute/cnn/device_training_set.cuh"

#include <cuda_runtime.h>

#include "compute/core/cuda_check.h"

namespace whygpu::cnn::gpu {

Status upload_training_set(const Dataset& train, DeviceBuffer<std::uint8_t>* images, DeviceBuffer<std::uint8_t>* labels,
                           DeviceBuffer<int>* order) {
  if (Status s = images->reserve(train.pixels.size(), "the training images"); !s) return s;
  if (Status s = labels->reserve(train.labels.size(), "the training labels"); !s) return s;
  if (Status s = order->reserve(train.count, "the batch order"); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(images->get(), train.pixels.data(), train.pixels.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(labels->get(), train.labels.data(), train.labels.size(), cudaMemcpyHostToDevice));
  return Status::ok();
}

}  // namespace whygpu::cnn::gpu
