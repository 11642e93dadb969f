// The measurement harness: statistics, run counting, budget, cancel and errors.
#include "compute/core/measure.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "compute/core/gpu_info.h"

namespace whygpu {
namespace {

TEST(TimingStats, MedianAndPercentilesOfOddCount) {
  const TimingStats t = TimingStats::from_samples({5.0, 1.0, 3.0, 2.0, 4.0});
  EXPECT_EQ(t.repeats, 5);
  EXPECT_DOUBLE_EQ(t.median_ms, 3.0);
  EXPECT_DOUBLE_EQ(t.min_ms, 1.0);
  EXPECT_DOUBLE_EQ(t.max_ms, 5.0);
  EXPECT_DOUBLE_EQ(t.mean_ms, 3.0);
  EXPECT_DOUBLE_EQ(t.p10_ms, 1.4);  // rank 0.4 between 1 and 2
  EXPECT_DOUBLE_EQ(t.p90_ms, 4.6);
  EXPECT_NEAR(t.relative_spread(), (4.6 - 1.4) / 3.0, 1e-12);
}

TEST(TimingStats, MedianOfEvenCountInterpolates) {
  const TimingStats t = TimingStats::from_samples({10.0, 2.0, 4.0, 8.0});
  EXPECT_DOUBLE_EQ(t.median_ms, 6.0);
}

TEST(TimingStats, EmptyAndSingle) {
  EXPECT_EQ(TimingStats::from_samples({}).repeats, 0);
  const TimingStats one = TimingStats::from_samples({7.0});
  EXPECT_DOUBLE_EQ(one.median_ms, 7.0);
  EXPECT_DOUBLE_EQ(one.p10_ms, 7.0);
  EXPECT_DOUBLE_EQ(one.relative_spread(), 0.0);
}

TEST(TimingStats, PercentileClampsQuantile) {
  const std::vector<double> sorted = {1.0, 2.0, 3.0};
  EXPECT_DOUBLE_EQ(percentile_of_sorted(sorted, -1.0), 1.0);
  EXPECT_DOUBLE_EQ(percentile_of_sorted(sorted, 2.0), 3.0);
  EXPECT_DOUBLE_EQ(percentile_of_sorted({}, 0.5), 0.0);
}

// median_of follows the header's rule: the middle sample of an odd count, the mean of the
// two middle ones of an even count, whatever order the samples come in.
TEST(MedianOf, MiddleOfOddCountMeanOfTheTwoMiddleOfEven) {
  EXPECT_DOUBLE_EQ(median_of({9.0, 1.0, 5.0}), 5.0);
  EXPECT_DOUBLE_EQ(median_of({9.0, 1.0, 5.0, 3.0, 7.0}), 5.0);
  EXPECT_DOUBLE_EQ(median_of({10.0, 2.0, 4.0, 8.0}), 6.0);  // (4 + 8) / 2, not the upper 8
  EXPECT_DOUBLE_EQ(median_of({3.0, 1.0}), 2.0);
}

TEST(MedianOf, OneSampleAndNone) {
  EXPECT_DOUBLE_EQ(median_of({4.5}), 4.5);
  EXPECT_DOUBLE_EQ(median_of({}), 0.0);
}

TEST(MedianOf, IsTimingStatsMedian) {
  const std::vector<double> samples = {0.31, 0.17, 0.29, 0.4, 0.22, 0.18};
  EXPECT_DOUBLE_EQ(median_of(samples), TimingStats::from_samples(samples).median_ms);
}

TEST(MedianSampleIndex, TheMedianSampleOfAnOddCount) {
  const std::vector<double> samples = {9.0, 1.0, 5.0, 3.0, 7.0};
  const std::size_t i = median_sample_index(samples);
  ASSERT_EQ(i, 2u);
  EXPECT_DOUBLE_EQ(samples[i], median_of(samples));
}

TEST(MedianSampleIndex, TheLowerMiddleOfAnEvenCount) {
  EXPECT_EQ(median_sample_index({10.0, 2.0, 4.0, 8.0}), 2u);  // 4: the median 6 lies between 4 and 8
  EXPECT_EQ(median_sample_index({3.0, 1.0}), 1u);
}

TEST(MedianSampleIndex, OneSampleNoneAndTies) {
  EXPECT_EQ(median_sample_index({7.0}), 0u);
  EXPECT_EQ(median_sample_index({}), 0u);  // samples.size(): no index
  EXPECT_EQ(median_sample_index({2.0, 5.0, 2.0, 5.0, 2.0}), 0u);  // of equal samples the earliest
  EXPECT_EQ(median_sample_index({5.0, 1.0, 5.0}), 0u);
}

TEST(MedianSampleIndex, CountsEveryRankForLongLists) {
  std::vector<double> samples;
  for (int i = 0; i < 50; ++i) samples.push_back(static_cast<double>((i * 37) % 50));  // 0..49, shuffled
  const std::size_t i = median_sample_index(samples);
  ASSERT_LT(i, samples.size());
  EXPECT_DOUBLE_EQ(samples[i], 24.0);
  EXPECT_DOUBLE_EQ(median_of(samples), 24.5);
}

TEST(TimeCpu, MakesWarmupsThenRepeatsWithConsecutiveRunIndices) {
  MeasureOptions opt;
  opt.warmup = 2;
  opt.repeats = 5;
  std::vector<int> runs;
  TimingStats t;
  ASSERT_TRUE(time_cpu(opt, [&](int run) { runs.push_back(run); return Status::ok(); }, &t));
  EXPECT_EQ(t.repeats, 5);
  ASSERT_EQ(runs.size(), 7u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(runs[static_cast<std::size_t>(i)], i);
}

TEST(TimeCpu, MeasuresSleepsAsMilliseconds) {
  MeasureOptions opt;
  opt.warmup = 1;
  opt.repeats = 3;
  TimingStats t;
  ASSERT_TRUE(time_cpu(opt, [](int) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return Status::ok();
  }, &t));
  EXPECT_GE(t.min_ms, 4.9);
  EXPECT_LT(t.median_ms, 200.0);
}

TEST(TimeCpu, BudgetCutsRepeatsButKeepsTheMinimum) {
  MeasureOptions opt;
  opt.warmup = 1;
  opt.repeats = 50;
  opt.min_repeats = 3;
  opt.budget_seconds = 0.01;  // each run sleeps 5 ms: about 2 fit, so the minimum of 3 holds
  TimingStats t;
  ASSERT_TRUE(time_cpu(opt, [](int) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return Status::ok();
  }, &t));
  EXPECT_EQ(t.repeats, 3);
}

TEST(TimeCpu, CancelStopsBetweenRuns) {
  std::atomic<bool> cancel{false};
  MeasureOptions opt;
  opt.repeats = 100;
  opt.cancel = &cancel;
  int calls = 0;
  TimingStats t;
  const Status s = time_cpu(opt, [&](int) {
    if (++calls == 4) cancel = true;
    return Status::ok();
  }, &t);
  EXPECT_TRUE(is_cancelled(s));
  EXPECT_EQ(calls, 4);
}

TEST(TimeCpu, FailingBodyStopsWithItsMessage) {
  MeasureOptions opt;
  TimingStats t;
  const Status s = time_cpu(opt, [](int run) {
    return run == 3 ? Status::error("boom at 3") : Status::ok();
  }, &t);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(), "boom at 3");
  EXPECT_FALSE(is_cancelled(s));
}

TEST(TimeCpu, RejectsBadOptions) {
  TimingStats t;
  const auto body = [](int) { return Status::ok(); };
  MeasureOptions opt;
  opt.repeats = 0;
  EXPECT_FALSE(time_cpu(opt, body, &t));
  opt = MeasureOptions{};
  opt.warmup = -1;
  EXPECT_FALSE(time_cpu(opt, body, &t));
  opt = MeasureOptions{};
  opt.min_repeats = opt.repeats + 1;
  EXPECT_FALSE(time_cpu(opt, body, &t));
  opt = MeasureOptions{};
  opt.budget_seconds = -1.0;
  EXPECT_FALSE(time_cpu(opt, body, &t));
}

TEST(TimeGpu, WithoutAGpuSaysWhy) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is present; covered by the GPU tests";
  TimingStats t;
  const Status s = time_gpu(MeasureOptions{}, [](int) { return Status::ok(); }, &t);
  ASSERT_FALSE(s);
  EXPECT_FALSE(s.message().empty());
}

TEST(TimeGpuQueued, WithoutAGpuSaysWhy) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is present; covered by the GPU tests";
  QueuedTiming t;
  int runs = 0;
  const Status s = time_gpu_queued(nullptr, 1, 3, [&](int) { ++runs; return Status::ok(); }, &t);
  ASSERT_FALSE(s);
  EXPECT_FALSE(s.message().empty());
  EXPECT_EQ(runs, 0);
}

TEST(TimeSelfTimed, KeepsTheBodysOwnPhaseTimesAndSumsThem) {
  MeasureOptions opt;
  opt.warmup = 1;
  opt.repeats = 4;
  std::vector<int> runs;
  std::vector<TimingStats> phases;
  TimingStats total;
  // Phase p of run r "took" r + 10 p ms by the body's clock, whatever the wall clock says.
  ASSERT_TRUE(time_self_timed(
      opt, 2,
      [&](int run, double* ms) {
        runs.push_back(run);
        ms[0] = run;
        ms[1] = run + 10.0;
        return Status::ok();
      },
      &phases, &total));
  ASSERT_EQ(runs.size(), 5u);  // one warm-up, four timed (runs 1..4)
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(phases[0].repeats, 4);
  EXPECT_DOUBLE_EQ(phases[0].median_ms, 2.5);
  EXPECT_DOUBLE_EQ(phases[1].median_ms, 12.5);
  EXPECT_DOUBLE_EQ(total.median_ms, 15.0);
  EXPECT_DOUBLE_EQ(total.min_ms, 12.0);
}

TEST(TimeSelfTimed, StopsOnCancelAndOnErrors) {
  std::atomic<bool> cancel{false};
  MeasureOptions opt;
  opt.repeats = 10;
  opt.cancel = &cancel;
  std::vector<TimingStats> phases;
  int calls = 0;
  const Status cancelled = time_self_timed(
      opt, 1,
      [&](int, double* ms) {
        ms[0] = 1.0;
        if (++calls == 3) cancel = true;
        return Status::ok();
      },
      &phases, nullptr);
  EXPECT_TRUE(is_cancelled(cancelled));
  EXPECT_EQ(calls, 3);
  const Status failed =
      time_self_timed(MeasureOptions{}, 1, [](int, double*) { return Status::error("draw failed"); }, &phases, nullptr);
  EXPECT_EQ(failed.message(), "draw failed");
  EXPECT_FALSE(time_self_timed(MeasureOptions{}, 0, [](int, double*) { return Status::ok(); }, &phases, nullptr));
}

TEST(RotationSets, CoversThreeTimesTheCacheWithinLimits) {
  constexpr std::size_t MiB = std::size_t{1} << 20;
  EXPECT_EQ(rotation_sets(1 * MiB, 50 * MiB, 1024 * MiB, 16), 16);  // capped by max_sets
  EXPECT_EQ(rotation_sets(30 * MiB, 50 * MiB, 1024 * MiB, 16), 6);   // 3*50/30 + 1
  EXPECT_EQ(rotation_sets(200 * MiB, 50 * MiB, 1024 * MiB, 16), 1);  // already too big
  EXPECT_EQ(rotation_sets(30 * MiB, 50 * MiB, 60 * MiB, 16), 2);     // capped by memory
  EXPECT_EQ(rotation_sets(0, 50 * MiB, 60 * MiB, 16), 1);
  EXPECT_GT(cpu_last_level_cache_bytes(), 0u);
}

}  // namespace
}  // namespace whygpu
