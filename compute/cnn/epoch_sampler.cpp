#include "compute/cnn/epoch_sampler.h"

#include <numeric>
#include <utility>

namespace whygpu::cnn {

EpochSampler::EpochSampler(int dataset_size, std::uint64_t seed) : rng_(seed), order_(dataset_size) {
  std::iota(order_.begin(), order_.end(), 0);
  shuffle();
}

void EpochSampler::shuffle() {
  for (int i = size() - 1; i > 0; --i) std::swap(order_[i], order_[rng_.below(static_cast<std::uint32_t>(i) + 1)]);
}

bool EpochSampler::next_batch(int batch, int* start) {
  bool new_epoch = !started_;
  started_ = true;
  if (position_ + batch > size()) {
    ++epochs_completed_;
    shuffle();
    position_ = 0;
    new_epoch = true;
  }
  *start = position_;
  position_ += batch;
  return new_epoch;
}

}  // namespace whygpu::cnn
