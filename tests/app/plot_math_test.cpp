#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/plot/plot_math.h"

namespace whygpu::app::plot {
namespace {

std::vector<double> major_values(const std::vector<Tick>& ticks) {
  std::vector<double> out;
  for (const Tick& t : ticks)
    if (t.major) out.push_back(t.value);
  return out;
}

std::vector<std::string> major_labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> out;
  for (const Tick& t : ticks)
    if (t.major) out.push_back(t.label);
  return out;
}

TEST(PlotScale, LinearAndLogMappingsAreInversesAndLogIsByRatio) {
  const Range lin{-2.0, 6.0};
  EXPECT_DOUBLE_EQ(fraction_of(ScaleKind::Linear, lin, -2.0), 0.0);
  EXPECT_DOUBLE_EQ(fraction_of(ScaleKind::Linear, lin, 2.0), 0.5);
  EXPECT_DOUBLE_EQ(value_at(ScaleKind::Linear, lin, 0.25), 0.0);
  const Range log{1e-3, 1e3};
  EXPECT_NEAR(fraction_of(ScaleKind::Log, log, 1.0), 0.5, 1e-12);
  EXPECT_NEAR(fraction_of(ScaleKind::Log, log, 10.0) - fraction_of(ScaleKind::Log, log, 1.0),
              fraction_of(ScaleKind::Log, log, 1e3) - fraction_of(ScaleKind::Log, log, 1e2), 1e-12);
  for (const double v : {2e-3, 0.37, 41.0, 999.0})
    EXPECT_NEAR(value_at(ScaleKind::Log, log, fraction_of(ScaleKind::Log, log, v)) / v, 1.0, 1e-12);
  EXPECT_FALSE(plottable(ScaleKind::Log, 0.0));
  EXPECT_FALSE(plottable(ScaleKind::Log, -1.0));
  EXPECT_FALSE(plottable(ScaleKind::Linear, std::nan("")));
  EXPECT_TRUE(plottable(ScaleKind::Linear, -1.0));
}

TEST(PlotTicks, LinearTicksAreNiceStepsInsideTheRange) {
  AxisSpec axis;
  const auto ticks = make_ticks(axis, {0.0, 97.0}, 6);
  EXPECT_EQ(major_values(ticks), (std::vector<double>{0, 20, 40, 60, 80}));
  EXPECT_EQ(major_labels(ticks), (std::vector<std::string>{"0", "20", "40", "60", "80"}));
  for (const Tick& t : ticks) {
    EXPECT_GE(t.value, 0.0);
    EXPECT_LE(t.value, 97.0);
    EXPECT_EQ(t.major, !t.label.empty());
  }
  EXPECT_GT(ticks.size(), 5u) << "minor ticks between the labelled ones";
  // Crossing zero: zero is exactly 0 (no "-0" or 1e-17), steps of 0.5.
  const auto around_zero = make_ticks(axis, {-1.2, 1.3}, 6);
  EXPECT_EQ(major_labels(around_zero), (std::vector<std::string>{"-1", "-0.5", "0", "0.5", "1"}));
  // Never more labels than asked for, but two at least.
  for (const int max : {2, 3, 5, 8, 12}) {
    const auto v = major_values(make_ticks(axis, {3.7, 12345.0}, max));
    EXPECT_LE(static_cast<int>(v.size()), std::max(max, 3));
    EXPECT_GE(v.size(), 2u);
  }
  // A narrow range far from zero keeps enough digits to tell labels apart.
  const auto narrow = major_labels(make_ticks(axis, {1000.0, 1000.5}, 6));
  ASSERT_GE(narrow.size(), 2u);
  EXPECT_NE(narrow[0], narrow[1]);
  EXPECT_TRUE(make_ticks(axis, {1.0, 1.0}, 6).empty());
}

TEST(PlotTicks, LogTicksAreDecadesWithMinorsAndThinOutOverManyDecades) {
  AxisSpec axis{ScaleKind::Log, ValueFormat::Number, false};
  const auto ticks = make_ticks(axis, {0.5, 2000.0}, 8);
  EXPECT_EQ(major_values(ticks), (std::vector<double>{1, 10, 100, 1000}));
  EXPECT_EQ(major_labels(ticks), (std::vector<std::string>{"1", "10", "100", "1000"}));
  int minors_between_1_and_10 = 0;
  for (const Tick& t : ticks)
    if (!t.major && t.value > 1 && t.value < 10) ++minors_between_1_and_10;
  EXPECT_EQ(minors_between_1_and_10, 8);  // 2..9
  // Twelve decades with room for 5 labels: every third decade, aligned to 10^0.
  const auto wide = major_values(make_ticks(axis, {1e-6, 1e6}, 5));
  EXPECT_EQ(wide.size(), 5u);
  for (const double v : wide) EXPECT_EQ(std::lround(std::log10(v)) % 3, 0) << v;
  // Within one decade: 1-2-5 steps.
  EXPECT_EQ(major_values(make_ticks(axis, {1.5, 9.0}, 8)), (std::vector<double>{2, 5}));
  // Within a sliver of a decade: still at least two labels.
  EXPECT_GE(major_values(make_ticks(axis, {2.1, 2.9}, 8)).size(), 2u);
  EXPECT_TRUE(make_ticks(axis, {0.0, 10.0}, 8).empty()) << "0 is not on a log axis";
}

TEST(PlotTicks, BinaryTicksArePowersOfTwoWithSuperscripts) {
  AxisSpec axis{ScaleKind::Log, ValueFormat::PowerOfTwo, true};
  const auto ticks = make_ticks(axis, {1 << 10, 1 << 28}, 10);
  const auto values = major_values(ticks);
  ASSERT_FALSE(values.empty());
  EXPECT_EQ(values.front(), 1 << 10);
  EXPECT_LE(values.size(), 10u);
  for (const double v : values) EXPECT_EQ(std::exp2(std::round(std::log2(v))), v);
  EXPECT_EQ(major_labels(ticks).front(), "2\u00b9\u2070");  // 2^10
  EXPECT_EQ(format_value(1 << 20, ValueFormat::PowerOfTwo, 6), "2\u00b2\u2070 (1048576)");
  EXPECT_EQ(format_value(0.25, ValueFormat::PowerOfTwo), "2\u207b\u00b2");
  EXPECT_EQ(format_value(1000, ValueFormat::PowerOfTwo), "1000");
  // Matrix sizes: plain numbers at powers of two.
  AxisSpec n_axis{ScaleKind::Log, ValueFormat::Number, true};
  EXPECT_EQ(major_labels(make_ticks(n_axis, {32, 4096}, 10)),
            (std::vector<std::string>{"32", "64", "128", "256", "512", "1024", "2048", "4096"}));
}

TEST(PlotFormat, NumbersUseSiSuffixesAndTimesPickTheirUnit) {
  EXPECT_EQ(format_value(0.25, ValueFormat::Number), "0.25");
  EXPECT_EQ(format_value(2048, ValueFormat::Number), "2048");
  EXPECT_EQ(format_value(12000, ValueFormat::Number), "12k");
  EXPECT_EQ(format_value(3.5e6, ValueFormat::Number), "3.5M");
  EXPECT_EQ(format_value(6.7e10, ValueFormat::Number), "67G");
  EXPECT_EQ(format_value(2.5e-5, ValueFormat::Number), "2.5e-5");
  EXPECT_EQ(format_value(-0.0, ValueFormat::Number), "0");
  EXPECT_EQ(format_value(1234.5678, ValueFormat::Number, 6), "1234.57");
  EXPECT_EQ(format_value(2500.0, ValueFormat::Milliseconds), "2.5 s");
  EXPECT_EQ(format_value(12.0, ValueFormat::Milliseconds), "12 ms");
  EXPECT_EQ(format_value(0.015, ValueFormat::Milliseconds), "15 \u00b5s");
  EXPECT_EQ(format_value(8e-5, ValueFormat::Milliseconds), "80 ns");
}

TEST(PlotFit, ExtentPadsInScaleSpaceAndSkipsUnplottableValues) {
  Extent lin(ScaleKind::Linear);
  for (const double v : {2.0, 10.0, std::nan(""), 6.0}) lin.add(v);
  const Range r = lin.padded(0.1);
  EXPECT_DOUBLE_EQ(r.min, 2.0 - 0.8);
  EXPECT_DOUBLE_EQ(r.max, 10.0 + 0.8);

  Extent log(ScaleKind::Log);
  for (const double v : {1e-3, 0.0, -5.0, 1e1}) log.add(v);  // 0 and -5 cannot be drawn
  const Range lr = log.padded(0.25);                           // 4 decades, 1 decade each side
  EXPECT_NEAR(lr.min, 1e-4, 1e-16);
  EXPECT_NEAR(lr.max, 1e2, 1e-10);

  Extent one(ScaleKind::Log);
  one.add(100.0);
  const Range single = one.padded(0.0);
  EXPECT_LT(single.min, 100.0);
  EXPECT_GT(single.max, 100.0);
  EXPECT_NEAR(single.min * single.max, 1e4, 1e-6);  // centred by ratio

  EXPECT_TRUE(Extent(ScaleKind::Log).empty());
  EXPECT_EQ(Extent(ScaleKind::Log).padded(0.1), (Range{1.0, 10.0}));
  EXPECT_EQ(Extent(ScaleKind::Linear).padded(0.1), (Range{0.0, 1.0}));
}

// A count or a time is never negative: its axis does not pad below 0. One training step
// at step 0 drew an x axis from -0.4 to 0.4.
TEST(PlotFit, ValuesOfZeroOrMoreKeepTheLinearAxisAtZeroOrMore) {
  Extent first_step(ScaleKind::Linear);
  first_step.add(0.0);
  const Range one = first_step.padded(0.1);
  EXPECT_EQ(one.min, 0.0);
  EXPECT_GT(one.max, 0.0);

  Extent counts(ScaleKind::Linear);
  for (const double v : {0.1, 10.0}) counts.add(v);
  EXPECT_EQ(counts.padded(0.1).min, 0.0);
  EXPECT_DOUBLE_EQ(counts.padded(0.1).max, 10.0 + 0.99);

  Extent signed_values(ScaleKind::Linear);
  for (const double v : {-1.0, 1.0}) signed_values.add(v);
  EXPECT_DOUBLE_EQ(signed_values.padded(0.1).min, -1.2);
}

TEST(PlotView, ZoomKeepsTheAnchorAndPanMovesBySpan) {
  const Range lin{0.0, 100.0};
  const Range in = zoom(ScaleKind::Linear, lin, 0.25, 0.5);
  EXPECT_DOUBLE_EQ(in.min, 12.5);
  EXPECT_DOUBLE_EQ(in.max, 62.5);
  EXPECT_DOUBLE_EQ(fraction_of(ScaleKind::Linear, in, 25.0), 0.25);  // the anchor stays put

  const Range log{1.0, 1e4};
  const Range lz = zoom(ScaleKind::Log, log, 0.5, 0.5);
  EXPECT_NEAR(lz.min, 10.0, 1e-9);
  EXPECT_NEAR(lz.max, 1000.0, 1e-9);
  const Range moved = pan(ScaleKind::Log, log, 0.25);  // one decade of four
  EXPECT_NEAR(moved.min, 10.0, 1e-9);
  EXPECT_NEAR(moved.max, 1e5, 1e-6);
  EXPECT_EQ(pan(ScaleKind::Linear, lin, -0.1), (Range{-10.0, 90.0}));
  // Degenerate requests leave the view alone instead of breaking it.
  EXPECT_EQ(zoom(ScaleKind::Linear, lin, 0.5, 0.0), lin);
  EXPECT_EQ(zoom(ScaleKind::Linear, lin, 0.5, 1e-15), lin);
  EXPECT_EQ(zoom(ScaleKind::Log, log, 0.5, 1e6), log);
}

TEST(PlotHover, NearestPointWithinRadius) {
  const std::vector<ScreenPoint> points{{10, 10}, {50, 50}, {53, 50}};
  EXPECT_EQ(nearest_point(points, {52.0, 51.0}, 8.0), 2);
  EXPECT_EQ(nearest_point(points, {12.0, 9.0}, 8.0), 0);
  EXPECT_EQ(nearest_point(points, {30.0, 30.0}, 8.0), -1);
  EXPECT_EQ(nearest_point({}, {0.0, 0.0}, 8.0), -1);
}

TEST(PlotCrossover, FindsWhereTheOrderLastChangesInLogSpace) {
  const double nan = std::nan("");
  // GPU time flat at 10, CPU time grows 10x per step: CPU is slower from x=100 on.
  const std::vector<double> x{1, 10, 100, 1000};
  const std::vector<double> cpu{1, 5, 20, 200};
  const std::vector<double> gpu{10, 10, 10, 10};
  bool cpu_above = false;
  const double at = crossover_x(x, cpu, gpu, true, true, &cpu_above);
  EXPECT_TRUE(cpu_above);
  // log10(5/10) = -0.301, log10(20/10) = 0.301: halfway between 10 and 100 in log space.
  EXPECT_NEAR(at, std::sqrt(10.0 * 100.0), 1e-9);
  // Missing points are skipped, ties put the crossing at the tie.
  EXPECT_NEAR(crossover_x({1, 2, 3, 4}, {1, nan, 5, 9}, {3, 3, 5, 4}, false, false, nullptr), 3.0, 1e-12);
  // Never crossing, or nothing comparable: NaN.
  EXPECT_TRUE(std::isnan(crossover_x(x, gpu, {1, 2, 3, 4}, true, true, &cpu_above)));
  EXPECT_TRUE(cpu_above);
  EXPECT_TRUE(std::isnan(crossover_x(x, {nan, nan, nan, nan}, gpu, true, true, nullptr)));
  // Noise that crosses back and forth: the last crossing counts.
  EXPECT_NEAR(crossover_x({1, 2, 3, 4}, {1, 3, 1, 3}, {2, 2, 2, 2}, false, false, nullptr), 3.5, 1e-12);
}

// The roofline's cuBLAS FP16, BF16 and TF32 points sit almost on one spot: their labels
// must not cover each other.
TEST(PlaceLabels, LabelsOfPointsOnOneSpotDoNotOverlap) {
  const Box bounds{0, 0, 800, 400};
  std::vector<LabelRequest> requests;
  for (int i = 0; i < 5; ++i) requests.push_back({600.0 + i, 100.0 + 0.5 * i, 120, 18});
  const std::vector<Box> placed = place_labels(requests, bounds, 4, LabelShift::UpAndDown);
  ASSERT_EQ(placed.size(), requests.size());
  for (std::size_t a = 0; a < placed.size(); ++a) {
    EXPECT_TRUE(placed[a].inside(bounds));
    for (std::size_t b = a + 1; b < placed.size(); ++b) EXPECT_FALSE(placed[a].overlaps(placed[b])) << a << " " << b;
  }
  EXPECT_DOUBLE_EQ(placed[0].x0, 604.0);  // the first keeps its natural place, right of its point
  EXPECT_DOUBLE_EQ(placed[0].y0, 91.0);
}

TEST(PlaceLabels, SaysWhichLabelsFoundNoRoom) {
  // Room for two 18 px labels in a 50 px high, 170 px wide box (one each side of the
  // point), not for a third.
  std::vector<LabelRequest> requests(3, LabelRequest{100, 25, 60, 18});
  std::vector<bool> has_room;
  const std::vector<Box> placed = place_labels(requests, Box{0, 0, 170, 50}, 4, LabelShift::UpAndDown, &has_room);
  ASSERT_EQ(has_room.size(), 3u);
  EXPECT_TRUE(has_room[0]);
  EXPECT_TRUE(has_room[1]);
  EXPECT_FALSE(has_room[2]);
  EXPECT_FALSE(placed[0].overlaps(placed[1]));
}

TEST(PlaceLabels, ALabelWithNoRoomTakesNone) {
  // The first label finds no room (the box already drawn covers every place near its
  // point); it is not drawn, so the place it would have had is free for the second, whose
  // only place inside the bounds is beside that one.
  const std::vector<LabelRequest> requests = {{100, 25, 60, 18}, {228, 25, 60, 18}};
  std::vector<bool> has_room;
  place_labels(requests, Box{0, 0, 260, 50}, 4, LabelShift::UpAndDown, &has_room, {Box{0, 0, 150, 50}});
  ASSERT_EQ(has_room.size(), 2u);
  EXPECT_FALSE(has_room[0]);
  EXPECT_TRUE(has_room[1]);
}

TEST(PlaceLabels, ACrowdAtOneSpotStaysBesideItAndSaysWhichHaveNoRoom) {
  // Six labels at one point in a box three labels high: three stack beside it, and the
  // other three, which could only go further than a label may wander, have no room.
  std::vector<LabelRequest> requests(6, LabelRequest{10, 30, 60, 18});
  std::vector<bool> has_room;
  const std::vector<Box> placed = place_labels(requests, Box{0, 0, 400, 60}, 4, LabelShift::UpAndDown, &has_room);
  int with_room = 0;
  for (std::size_t a = 0; a < placed.size(); ++a) {
    if (!has_room[a]) continue;
    ++with_room;
    EXPECT_GE(placed[a].x0, 10.0) << a;
    const double away_y = std::max({placed[a].y0 - 30.0, 0.0, 30.0 - placed[a].y1});
    EXPECT_LE(std::hypot(placed[a].x0 - 10.0, away_y), kMostLabelDistance * 18) << a;
    for (std::size_t b = a + 1; b < placed.size(); ++b)
      if (has_room[b]) {
        EXPECT_FALSE(placed[a].overlaps(placed[b])) << a << " " << b;
      }
  }
  EXPECT_EQ(with_room, 3);
}

TEST(PlaceLabels, TwoCloseColumnsOfPointsLabelOutwards) {
  // Points stacked at two x a few pixels apart (the matrix products on the roofline): the
  // left column's labels go left, where the right column's points leave room, and every
  // label stays beside its own point.
  std::vector<LabelRequest> requests;
  for (int i = 0; i < 4; ++i) requests.push_back({400, 50.0 + 40 * i, 120, 18});
  for (int i = 0; i < 4; ++i) requests.push_back({420, 60.0 + 40 * i, 120, 18});
  std::vector<bool> has_room;
  const std::vector<Box> placed = place_labels(requests, Box{0, 0, 800, 300}, 4, LabelShift::UpAndDown, &has_room);
  for (std::size_t a = 0; a < placed.size(); ++a) {
    EXPECT_TRUE(has_room[a]) << a;
    for (std::size_t b = a + 1; b < placed.size(); ++b) EXPECT_FALSE(placed[a].overlaps(placed[b])) << a << " " << b;
  }
  for (int i = 0; i < 4; ++i) EXPECT_LE(placed[i].x1, 400.0) << i;   // left of the left column
  for (int i = 4; i < 8; ++i) EXPECT_GE(placed[i].x0, 420.0) << i;   // right of the right one
}

TEST(PlaceLabels, ALabelThatWouldLeaveTheRightEdgeGoesLeft) {
  const std::vector<Box> placed = place_labels({{790, 50, 100, 10}}, Box{0, 0, 800, 400}, 5, LabelShift::UpAndDown);
  EXPECT_DOUBLE_EQ(placed[0].x1, 785.0);
  EXPECT_DOUBLE_EQ(placed[0].x0, 685.0);
}

TEST(PlaceLabels, MarkLabelsStackDownward) {
  const std::vector<Box> placed =
      place_labels({{100, 0, 80, 10}, {110, 0, 80, 10}, {120, 0, 80, 10}}, Box{0, 0, 800, 400}, 4, LabelShift::DownOnly);
  EXPECT_DOUBLE_EQ(placed[0].y0, 0.0);
  EXPECT_GT(placed[1].y0, placed[0].y1);
  EXPECT_GT(placed[2].y0, placed[1].y1);
}

// A vertical mark's label at the top of the plot ("1 ms budget") is already drawn when the
// points are labelled: the point's label beside it goes elsewhere, not over it.
TEST(PlaceLabels, APointsLabelAvoidsWhatIsAlreadyDrawn) {
  const Box mark_label{300, 0, 380, 12};
  const LabelRequest point{290, 6, 40, 12};  // its natural place, right of the point, is on the mark's label
  std::vector<bool> has_room;
  const std::vector<Box> alone = place_labels({point}, Box{0, 0, 800, 400}, 4, LabelShift::UpAndDown, &has_room);
  ASSERT_TRUE(alone[0].overlaps(mark_label));  // without being told, it would cover it
  const std::vector<Box> placed =
      place_labels({point}, Box{0, 0, 800, 400}, 4, LabelShift::UpAndDown, &has_room, {mark_label});
  EXPECT_TRUE(has_room[0]);
  EXPECT_FALSE(placed[0].overlaps(mark_label));
}

}  // namespace
}  // namespace whygpu::app::plot
