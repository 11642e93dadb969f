#pragma once
// What a CNN training step replayed from a CUDA graph is fed between replays (internal to
// the GPU trainers: GpuTrainer, and MixedTrainer in every precision): the training set in
// device memory, the epoch's batch order, and the step control's cursor, learning rate
// and augmentation. The captured graph reads them through a DeviceControl, so that one
// graph serves every step; before each replay, queue_step copies only what changed.
// The batch order is EpochSampler's, so that with the same seed every trainer sees the
// same batches.
#include <cuda_runtime.h>

#include <cstdint>
#include <optional>

#include "compute/cnn/augmentation.h"
#include "compute/cnn/dataset.h"
#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/gpu_network.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

class TrainingFeed {
 public:
  // Copies `train` to the device, synchronously (the caller has finished the work that
  // reads the old set), and restarts the batch order from `seed`.
  Status set_data(const Dataset& train, std::uint64_t seed);
  // A fresh batch order from the seed (nothing before set_data); the cursor is copied
  // again before the next step.
  void restart(std::uint64_t seed);
  // The caller wrote the whole control block (a fresh start): the cursor is copied again
  // before the next step.
  void control_rewritten() { device_cursor_ = -1; }

  int count() const { return count_; }  // images in the set; 0 before set_data
  const std::uint8_t* images() const { return images_.get(); }
  const std::uint8_t* labels() const { return labels_.get(); }
  const int* order() const { return order_.get(); }
  // Where the epochs stand: null before set_data.
  const EpochSampler* sampler() const { return sampler_ ? &*sampler_ : nullptr; }

  // Taken into the control block before the next step.
  void set_learning_rate(float learning_rate);
  void set_augment(const AugmentState& augment);

  // Claims the next `batch` images of the epoch and queues on `stream` the copies into
  // control (device memory) of what changed: the order at a new epoch, the cursor, the
  // learning rate, the augmentation. Needs set_data. The step that follows must move the
  // device's cursor on by `batch`, as every step's bookkeeping kernel does.
  Status queue_step(cudaStream_t stream, DeviceControl* control, int batch);

 private:
  DeviceBuffer<std::uint8_t> images_, labels_;
  DeviceBuffer<int> order_;
  int count_ = 0;
  std::optional<EpochSampler> sampler_;
  int device_cursor_ = -1;  // the cursor the device holds; -1: unknown
  // Sources of queued copies, kept alive until they have run.
  int cursor_upload_ = 0;
  float learning_rate_upload_ = 0.0f;
  AugmentState augment_upload_{};
  bool learning_rate_dirty_ = false;
  bool augment_dirty_ = false;
};

}  // namespace whygpu::cnn::gpu
