#include "compute/cnn/race_lane.h"

#include <algorithm>

namespace whygpu::cnn {

void RaceLane::start(double start_clock_seconds) {
  points_.clear();
  tests_seen_ = 0;
  start_clock_seconds_ = start_clock_seconds;
  finished_ = false;
  finish_seconds_ = 0.0;
}

void RaceLane::follow(const SessionSnapshot& snap, int epochs) {
  if (finished_) return;
  for (; tests_seen_ < snap.test_accuracy.size(); ++tests_seen_) {
    const CurvePoint& test = snap.test_accuracy[tests_seen_];
    points_.push_back({std::max(0.0, test.clock_seconds - start_clock_seconds_), test.epoch, 100.0 * test.value});
  }
  // The session tests after each epoch by itself: the lane is done once the last is in.
  if (snap.progress.epochs_completed >= epochs && !points_.empty() && points_.back().epoch >= epochs - 1e-9) {
    finished_ = true;
    finish_seconds_ = points_.back().seconds;
  }
}

}  // namespace whygpu::cnn
