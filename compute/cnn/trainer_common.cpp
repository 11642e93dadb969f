#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

Status check_batch_size(int batch) {
  if (batch < 1 || batch > kMaxBatch)
    return Status::error(Wording::sentence(N_("batch size {0} is outside 1..{1}"),
                                           {std::to_string(batch), std::to_string(kMaxBatch)}));
  return Status::ok();
}

Status check_training_data(const Dataset& data) {
  if (data.count <= 0)
    return Status::error(Wording::sentence(N_("{0}: holds no images to train on"), {data.name}));
  if (data.pixels.size() != static_cast<std::size_t>(data.count) * kImagePixels ||
      data.labels.size() != static_cast<std::size_t>(data.count))
    return Status::error(Wording::sentence(N_("{0}: pixel or label arrays do not match its count of {1}"),
                                           {data.name, std::to_string(data.count)}));
  for (std::uint8_t label : data.labels)
    if (label >= kClasses)
      return Status::error(
          Wording::sentence(N_("{0}: label {1} is outside 0..9"), {data.name, std::to_string(label)}));
  return Status::ok();
}

}  // namespace whygpu::cnn
