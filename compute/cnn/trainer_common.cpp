#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

Status check_batch_size(int batch) {
  if (batch < 1 || batch > kMaxBatch)
    return Status::error("batch size " + std::to_string(batch) + " is outside 1.." + std::to_string(kMaxBatch));
  return Status::ok();
}

Status check_training_data(const Dataset& data) {
  if (data.count <= 0) return Status::error(data.name + ": holds no images to train on");
  if (data.pixels.size() != static_cast<std::size_t>(data.count) * kImagePixels ||
      data.labels.size() != static_cast<std::size_t>(data.count))
    return Status::error(data.name + ": pixel or label arrays do not match its count of " +
                         std::to_string(data.count));
  for (std::uint8_t label : data.labels)
    if (label >= kClasses)
      return Status::error(data.name + ": label " + std::to_string(label) + " is outside 0..9");
  return Status::ok();
}

}  // namespace whygpu::cnn
