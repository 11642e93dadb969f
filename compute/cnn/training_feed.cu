#include "compute/cnn/training_feed.cuh"

#include "compute/cnn/device_training_set.cuh"
#include "compute/core/cuda_check.h"

namespace whygpu::cnn::gpu {

Status TrainingFeed::set_data(const Dataset& train, std::uint64_t seed) {
  if (Status s = upload_training_set(train, &images_, &labels_, &order_); !s) return s;
  count_ = train.count;
  restart(seed);
  return Status::ok();
}

void TrainingFeed::restart(std::uint64_t seed) {
  if (count_ > 0) sampler_.emplace(count_, batch_order_seed(seed));
  control_rewritten();
}

void TrainingFeed::set_learning_rate(float learning_rate) {
  learning_rate_upload_ = learning_rate;
  learning_rate_dirty_ = true;
}

void TrainingFeed::set_augment(const AugmentState& augment) {
  augment_upload_ = augment;
  augment_dirty_ = true;
}

Status TrainingFeed::queue_step(cudaStream_t stream, DeviceControl* control, int batch) {
  if (!sampler_)
    return Status::error(Wording::sentence(N_("no training data: call set_training_data first")));
  int start = 0;
  if (sampler_->next_batch(batch, &start))
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(order_.get(), sampler_->order().data(), sizeof(int) * count_,
                                    cudaMemcpyHostToDevice, stream));
  if (start != device_cursor_) {
    cursor_upload_ = start;
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control->cursor, &cursor_upload_, sizeof cursor_upload_, cudaMemcpyHostToDevice,
                                    stream));
  }
  if (learning_rate_dirty_) {
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control->learning_rate, &learning_rate_upload_, sizeof learning_rate_upload_,
                                    cudaMemcpyHostToDevice, stream));
    learning_rate_dirty_ = false;
  }
  if (augment_dirty_) {
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control->augment, &augment_upload_, sizeof augment_upload_,
                                    cudaMemcpyHostToDevice, stream));
    augment_dirty_ = false;
  }
  device_cursor_ = start + batch;
  return Status::ok();
}

}  // namespace whygpu::cnn::gpu
