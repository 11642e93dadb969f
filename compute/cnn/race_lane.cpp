#include "compute/cnn/race_lane.h"

#include <cmath>

namespace whygpu::cnn {

void RaceLane::start(double test_every) {
  points_.clear();
  tests_seen_ = 0;
  test_every_ = test_every;
  next_test_epoch_ = test_every;
  finished_ = false;
  finish_seconds_ = 0.0;
}

bool RaceLane::follow(const SessionSnapshot& snap, double seconds, int epochs) {
  if (finished_) return false;
  for (; tests_seen_ < snap.test_accuracy.size(); ++tests_seen_) {
    const CurvePoint& test = snap.test_accuracy[tests_seen_];
    points_.push_back({seconds, test.epoch, 100.0 * test.value});
  }
  const TrainProgress& p = snap.progress;
  if (p.epochs_completed >= epochs) {
    // The session tests after each epoch by itself: the lane is done once that is in.
    if (tests_seen_ >= static_cast<std::size_t>(epochs) && !snap.test_accuracy.empty() &&
        snap.test_accuracy.back().epoch >= epochs - 1e-9) {
      finished_ = true;
      finish_seconds_ = points_.back().seconds;
    }
    return false;
  }
  const double done = p.epoch_size > 0 ? static_cast<double>(p.images_seen) / p.epoch_size : 0.0;
  if (done < next_test_epoch_) return false;
  while (next_test_epoch_ <= done) next_test_epoch_ += test_every_;
  // Epoch ends are tested by the session itself.
  const double fraction = done - std::floor(done);
  return fraction > 1e-9 && fraction < 1.0 - test_every_ * 0.5;
}

}  // namespace whygpu::cnn
