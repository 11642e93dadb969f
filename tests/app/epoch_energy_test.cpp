// Which stretches of training the trainer panel's "energy per epoch" covers.
#include <gtest/gtest.h>

#include "app/vitals/epoch_energy.h"

namespace whygpu::app {
namespace {

cnn::TrainProgress at(int epochs, int position) {
  cnn::TrainProgress p;
  p.epochs_completed = epochs;
  p.epoch_position = position;
  p.epoch_size = 60000;
  return p;
}

TEST(EpochEnergy, EpochsAreTakenTogetherUntilTheySpanTwoSeconds) {
  EpochEnergy e;
  e.observe(10.0, at(0, 0), true);    // training from the start of an epoch: counted from here
  e.observe(10.5, at(0, 30000), true);
  e.observe(11.0, at(1, 0), true);    // one epoch in 1 s: too short alone
  EXPECT_FALSE(e.last_window());
  e.observe(12.1, at(2, 640), true);  // two epochs in 2.1 s
  ASSERT_TRUE(e.last_window());
  EXPECT_DOUBLE_EQ(e.last_window()->begin_s, 10.0);
  EXPECT_DOUBLE_EQ(e.last_window()->end_s, 12.1);
  EXPECT_EQ(e.last_window()->epochs, 2);
  // The next window starts where that one ended.
  e.observe(14.5, at(4, 0), true);
  ASSERT_TRUE(e.last_window());
  EXPECT_DOUBLE_EQ(e.last_window()->begin_s, 12.1);
  EXPECT_EQ(e.last_window()->epochs, 2);
}

TEST(EpochEnergy, APauseOrAResetStartsAgainAtTheNextEpochEnd) {
  EpochEnergy e;
  e.observe(0.0, at(3, 20000), true);  // joined mid-epoch: nothing counted until it ends
  e.observe(5.0, at(3, 50000), true);
  EXPECT_FALSE(e.last_window());
  e.observe(6.0, at(4, 0), true);      // an end: counting starts
  e.observe(7.0, at(4, 30000), false);  // paused: the idle time must not count
  e.observe(20.0, at(4, 30000), true);
  e.observe(21.0, at(5, 0), true);     // an end after the pause: counting starts again
  e.observe(24.0, at(6, 0), true);
  ASSERT_TRUE(e.last_window());
  EXPECT_DOUBLE_EQ(e.last_window()->begin_s, 21.0);
  EXPECT_EQ(e.last_window()->epochs, 1);
  e.observe(25.0, at(0, 0), true);     // reset to fresh weights
  e.observe(28.0, at(1, 0), true);
  EXPECT_DOUBLE_EQ(e.last_window()->begin_s, 21.0);  // the reset's first epoch is not joined to the old ones
}

}  // namespace
}  // namespace whygpu::app
