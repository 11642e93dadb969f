#include "app/shell/window_fit.h"

#include <gtest/gtest.h>

namespace whygpu::app {
namespace {

TEST(WindowFit, ASavedSizeLargerThanTheScreenIsCutToItsWorkArea) {
  const WindowSize projector = fit_to_work_area({1600, 950}, {1280, 720});
  EXPECT_LE(projector.width, 1280);
  EXPECT_LE(projector.height, 720);
  EXPECT_GE(projector.width, 1200);  // and still takes most of it
  EXPECT_GE(projector.height, 640);
  const WindowSize laptop = fit_to_work_area({1600, 950}, {1366, 740});
  EXPECT_LE(laptop.width, 1366);
  EXPECT_LE(laptop.height, 740);
}

TEST(WindowFit, ASizeThatFitsIsKeptAndTinyOnesGrow) {
  EXPECT_EQ(fit_to_work_area({1600, 950}, {2560, 1400}).width, 1600);
  EXPECT_EQ(fit_to_work_area({1600, 950}, {2560, 1400}).height, 950);
  const WindowSize tiny = fit_to_work_area({100, 50}, {1920, 1080});
  EXPECT_EQ(tiny.width, kMinWindow.width);
  EXPECT_EQ(tiny.height, kMinWindow.height);
}

TEST(WindowFit, NeverLargerThanAScreenSmallerThanTheMinimum) {
  const WindowSize small = fit_to_work_area({1600, 950}, {600, 400});
  EXPECT_LE(small.width, 600);
  EXPECT_LE(small.height, 400);
  EXPECT_GT(small.width, 0);
  EXPECT_EQ(fit_to_work_area({1600, 950}, {0, 0}).width, 1600);  // unknown work area: as wanted
}

}  // namespace
}  // namespace whygpu::app
