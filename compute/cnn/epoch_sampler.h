#pragma once
// The order in which training images are visited: a fresh seeded shuffle each epoch,
// batches taken in that order, a batch that would run past the end starting the next
// epoch instead (the leftover images wait for a later shuffle). Both trainers use it, so
// CPU and GPU with the same seed see the same batches.
#include <cstdint>
#include <vector>

#include "compute/core/split_mix.h"

namespace whygpu::cnn {

// The sampler's seed for a trainer seed: its own stream, apart from the weights'.
inline std::uint64_t batch_order_seed(std::uint64_t trainer_seed) { return trainer_seed ^ 0xBA7C40DE12345678ull; }

class EpochSampler {
 public:
  EpochSampler(int dataset_size, std::uint64_t seed);

  // Claims the next `batch` images (batch <= size()): *start is their first index into
  // order(). Returns true when this began a new epoch, i.e. order() was just reshuffled.
  bool next_batch(int batch, int* start);

  const std::vector<int>& order() const { return order_; }
  int size() const { return static_cast<int>(order_.size()); }
  int epochs_completed() const { return epochs_completed_; }
  int position() const { return position_; }  // images of the current epoch used so far

 private:
  void shuffle();

  SplitMix64 rng_;
  std::vector<int> order_;
  int position_ = 0;
  int epochs_completed_ = 0;
  bool started_ = false;
};

}  // namespace whygpu::cnn
