#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/kernels/sweep_runner.h"
#include "compute/core/measure.h"

namespace whygpu::app {
namespace {

using namespace std::chrono_literals;
using kernels::Measurement;
using kernels::SweepJob;

Measurement measured_row(int size) {
  Measurement row;
  row.benchmark = "test";
  row.variant = "sleep";
  row.size = size;
  row.state = kernels::RowState::Measured;
  row.time.median_ms = size;
  return row;
}

// Jobs that each take `each` (checking the cancel flag every millisecond) and add one row.
std::vector<SweepJob> sleeping_jobs(int count, std::chrono::milliseconds each, const std::atomic<bool>* cancel) {
  std::vector<SweepJob> jobs;
  for (int i = 0; i < count; ++i) {
    jobs.push_back({"job " + std::to_string(i), [i, each, cancel](std::vector<Measurement>* rows) {
                      const auto end = std::chrono::steady_clock::now() + each;
                      while (std::chrono::steady_clock::now() < end) {
                        if (cancel->load()) return cancelled_status();
                        std::this_thread::sleep_for(1ms);
                      }
                      rows->push_back(measured_row(i));
                      return Status::ok();
                    }});
  }
  return jobs;
}

void wait_until_idle(const SweepRunner& runner, std::chrono::seconds limit = 10s) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (runner.busy() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(1ms);
  ASSERT_FALSE(runner.busy()) << "the sweep did not finish";
}

TEST(SweepRunner, DeliversEveryRowInOrderWithMonotonicProgress) {
  SweepRunner runner;
  ASSERT_TRUE(runner.start(sleeping_jobs(12, 3ms, runner.cancel_flag())));
  EXPECT_TRUE(runner.busy());
  SweepRunner::Snapshot seen;
  int last_done = -1;
  std::size_t last_rows = 0;
  while (runner.busy()) {
    if (runner.refresh(&seen)) {
      EXPECT_GE(seen.progress.done, last_done) << "progress went backwards";
      EXPECT_GE(seen.rows.size(), last_rows) << "rows disappeared";
      EXPECT_EQ(seen.progress.total, 12);
      last_done = seen.progress.done;
      last_rows = seen.rows.size();
    }
    std::this_thread::sleep_for(200us);
  }
  EXPECT_TRUE(runner.refresh(&seen)) << "the end of the sweep is a change";
  EXPECT_FALSE(runner.refresh(&seen)) << "no change, no copy";
  EXPECT_FALSE(seen.running);
  EXPECT_FALSE(seen.cancelled);
  EXPECT_TRUE(seen.error.empty());
  EXPECT_EQ(seen.progress.done, 12);
  ASSERT_EQ(seen.rows.size(), 12u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(seen.rows[i].size, i);
  EXPECT_GT(seen.elapsed_seconds, 0.03);
}

TEST(SweepRunner, CancelStopsWithinOneStepAndKeepsTheRowsSoFar) {
  SweepRunner runner;
  ASSERT_TRUE(runner.start(sleeping_jobs(100, 300ms, runner.cancel_flag())));
  SweepRunner::Snapshot seen;
  while (seen.rows.size() < 1) {
    runner.refresh(&seen);
    std::this_thread::sleep_for(1ms);
  }
  const auto asked = std::chrono::steady_clock::now();
  runner.cancel();
  wait_until_idle(runner);
  const auto took = std::chrono::steady_clock::now() - asked;
  EXPECT_LT(took, 150ms) << "cancel waited for the job to finish instead of stopping it";
  runner.refresh(&seen);
  EXPECT_TRUE(seen.cancelled);
  EXPECT_TRUE(seen.error.empty());
  EXPECT_GE(seen.rows.size(), 1u);
  EXPECT_LT(seen.rows.size(), 100u);
  // A new sweep starts clean.
  ASSERT_TRUE(runner.start(sleeping_jobs(3, 1ms, runner.cancel_flag())));
  wait_until_idle(runner);
  runner.refresh(&seen);
  EXPECT_FALSE(seen.cancelled);
  EXPECT_EQ(seen.rows.size(), 3u);
}

TEST(SweepRunner, CancelReachesTheMeasurementHarnessBetweenTimedRuns) {
  SweepRunner runner;
  const std::atomic<bool>* cancel = runner.cancel_flag();
  std::atomic<int> runs{0};
  std::vector<SweepJob> jobs{{"slow measurement", [cancel, &runs](std::vector<Measurement>* rows) {
                                MeasureOptions options;
                                options.warmup = 1;
                                options.repeats = 1000;  // 20 s if nobody stops it
                                options.cancel = cancel;
                                TimingStats stats;
                                const Status s = time_cpu(options, [&](int) {
                                  ++runs;
                                  std::this_thread::sleep_for(20ms);
                                  return Status::ok();
                                }, &stats);
                                if (s) rows->push_back(measured_row(1));
                                return s;
                              }}};
  ASSERT_TRUE(runner.start(std::move(jobs)));
  while (runs.load() < 3) std::this_thread::sleep_for(1ms);
  const auto asked = std::chrono::steady_clock::now();
  runner.cancel();
  wait_until_idle(runner);
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 200ms);
  SweepRunner::Snapshot seen;
  runner.refresh(&seen);
  EXPECT_TRUE(seen.cancelled);
  EXPECT_TRUE(seen.rows.empty());
  EXPECT_LT(runs.load(), 20);
}

TEST(SweepRunner, RefusesASecondSweepAndReportsFailedJobsAsRows) {
  SweepRunner runner;
  ASSERT_TRUE(runner.start(sleeping_jobs(50, 20ms, runner.cancel_flag())));
  const Status again = runner.start(sleeping_jobs(1, 1ms, runner.cancel_flag()));
  EXPECT_FALSE(again);
  EXPECT_NE(again.message().find("already running"), std::string::npos);
  runner.cancel();
  wait_until_idle(runner);

  std::vector<SweepJob> jobs = sleeping_jobs(1, 1ms, runner.cancel_flag());
  jobs.push_back({"broken", [](std::vector<Measurement>*) { return Status::error("out of memory"); }});
  jobs.push_back(sleeping_jobs(1, 1ms, runner.cancel_flag()).front());
  ASSERT_TRUE(runner.start(std::move(jobs)));
  wait_until_idle(runner);
  SweepRunner::Snapshot seen;
  runner.refresh(&seen);
  ASSERT_EQ(seen.rows.size(), 3u) << "a failed job leaves a row saying why, and the sweep goes on";
  EXPECT_EQ(seen.rows[1].state, kernels::RowState::Failed);
  EXPECT_EQ(seen.rows[1].note, "out of memory");
  EXPECT_EQ(seen.rows[2].state, kernels::RowState::Measured);
}

TEST(SweepRunner, DestroyingARunningSweepStopsIt) {
  const auto begin = std::chrono::steady_clock::now();
  {
    SweepRunner runner;
    ASSERT_TRUE(runner.start(sleeping_jobs(100, 50ms, runner.cancel_flag())));
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - begin, 500ms);
}

}  // namespace
}  // namespace whygpu::app
