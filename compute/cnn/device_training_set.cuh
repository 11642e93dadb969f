#pragma once
// A training set in device memory (internal to the GPU trainers): the images, their
// labels and room for the shuffled order that picks each batch. The one-GPU trainer,
// the mixed-precision trainer and every data-parallel replica upload it the same way.
#include <cstdint>

#include "compute/cnn/dataset.h"
#include "compute/core/device_memory.cuh"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

// Copies `train` to the current device, synchronously (the caller has finished any work
// that reads the old buffers); `order` gets room for train.count indices.
Status upload_training_set(const Dataset& train, DeviceBuffer<std::uint8_t>* images, DeviceBuffer<std::uint8_t>* labels,
                           DeviceBuffer<int>* order);

}  // namespace whygpu::cnn::gpu
