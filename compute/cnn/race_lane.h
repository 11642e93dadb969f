#pragma once
// One lane of "the race" (app/cnn/cnn_race_panel.cpp), followed from its session's
// snapshots: the test points it reached, timed from the start, and when it should be
// tested next. Both lanes stop to test at the same points of their training (every
// `test_every` epochs, besides each epoch's end, which the session tests by itself), so
// both curves have points at the same amounts of work. The panel and `whygpu record`
// (race_recording.h) follow lanes the same way.
#include <cstddef>
#include <vector>

#include "compute/cnn/training_session.h"

namespace whygpu::cnn {

struct RacePoint {
  double seconds = 0.0;   // since the start of the race
  double epoch = 0.0;     // training done at the test, in epochs
  double accuracy = 0.0;  // test accuracy, percent
};

class RaceLane {
 public:
  // Before a race: no points, the first test after `test_every` epochs.
  void start(double test_every);
  // Takes the snapshot's new test points at `seconds`; notes the lane finished once its
  // last epoch (of `epochs`) is tested. True when the session should be tested now
  // (TrainingSession::evaluate_now).
  bool follow(const SessionSnapshot& snap, double seconds, int epochs);

  const std::vector<RacePoint>& points() const { return points_; }
  bool finished() const { return finished_; }
  double finish_seconds() const { return finish_seconds_; }

 private:
  std::vector<RacePoint> points_;
  std::size_t tests_seen_ = 0;
  double test_every_ = 0.1;
  double next_test_epoch_ = 0.1;
  bool finished_ = false;
  double finish_seconds_ = 0.0;
};

}  // namespace whygpu::cnn
