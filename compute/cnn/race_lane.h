#pragma once
// One lane of "the race" (app/cnn/cnn_race_panel.cpp), followed from its session's
// snapshots: the test points it reached, timed from the start of the race. The session
// trains with train_epochs(epochs, test_every), so it stops to test at the same points of
// its training as the other lane and stamps each test with the clock: both curves have
// points at the same amounts of work, at the times they were reached, however fast a lane
// trains and however seldom it is looked at. The panel and `whygpu record`
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
  // Before a race: no points. `start_clock_seconds`: the race's start on the steady clock
  // (the clock of CurvePoint::clock_seconds).
  void start(double start_clock_seconds);
  // Takes the snapshot's new test points; notes the lane finished once its last epoch (of
  // `epochs`) is tested.
  void follow(const SessionSnapshot& snap, int epochs);

  const std::vector<RacePoint>& points() const { return points_; }
  bool finished() const { return finished_; }
  double finish_seconds() const { return finish_seconds_; }

 private:
  std::vector<RacePoint> points_;
  std::size_t tests_seen_ = 0;
  double start_clock_seconds_ = 0.0;
  bool finished_ = false;
  double finish_seconds_ = 0.0;
};

}  // namespace whygpu::cnn
