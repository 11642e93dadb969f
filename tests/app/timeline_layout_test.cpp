// The timeline panel's geometry on hand-made recordings whose boxes can be worked out on
// paper, and on the H100 recordings shipped in assets/reference/timelines.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "app/profile/timeline_layout.h"
#include "compute/profile/timeline_json.h"
#include "tests/profile/synthetic_timeline.h"

namespace whygpu::app::timeline {
namespace {

using profile::ItemKind;
using profile::Timeline;
using profile::testing::add;
using profile::testing::two_lane_timeline;

// The host launches two kernels (correlations 1 and 2) from 1000 ns and waits for them;
// the GPU runs them at 3000-5000 and 8000-9000 ns: 3000 ns idle between them.
Timeline eager_pair() {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 1000, 2500, 1);
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 6000, 7500, 2);
  add(&t, ItemKind::HostCall, 0, "cudaStreamSynchronize", 7600, 9100);
  add(&t, ItemKind::Kernel, 1, "first", 3000, 5000, 1);
  add(&t, ItemKind::Kernel, 1, "second", 8000, 9000, 2);
  profile::normalize(&t);
  return t;
}

// The same two kernels as nodes of one graph, launched by one call (correlation 7).
Timeline graph_pair() {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::HostCall, 0, "cudaGraphLaunch", 500, 1500, 7);
  add(&t, ItemKind::HostCall, 0, "cudaStreamSynchronize", 1600, 5100);
  add(&t, ItemKind::Kernel, 1, "first", 2000, 4000, 7).in_graph = true;
  add(&t, ItemKind::Kernel, 1, "second", 4100, 5100, 7).in_graph = true;
  profile::normalize(&t);
  return t;
}

Metrics test_metrics() {
  Metrics m;
  m.row_height = 20;
  m.title_height = 40;
  m.busy_height = 10;
  m.track_gap = 8;
  m.lane_gap = 2;
  m.min_item_width = 4;
  return m;
}

TEST(TimelineLayout, AStepRunsFromTheFirstHostCallToTheLastGpuItem) {
  const Timeline t = eager_pair();
  EXPECT_EQ(step_begin_ns(t), 1000);
  EXPECT_EQ(step_end_ns(t), 9000);  // the synchronisation ends later, but the GPU's work is done
  EXPECT_EQ(step_ns(t), 8000);
  EXPECT_NEAR(graph_speedup(t, graph_pair()), 8000.0 / 4600.0, 1e-12);
}

TEST(TimelineLayout, TimeMapsToPixelsFromEachTracksOwnStart) {
  const plot::Range view{0.0, 0.01};  // 0 to 10 us
  EXPECT_DOUBLE_EQ(x_of_ns(0, view, 100, 1100), 100);
  EXPECT_DOUBLE_EQ(x_of_ns(5000, view, 100, 1100), 600);
  EXPECT_DOUBLE_EQ(ms_at_x(600, view, 100, 1100), 0.005);

  const Timeline eager = eager_pair();
  const std::vector<Track> tracks = {{&eager, "eager"}};
  const Layout l = layout_tracks(tracks, view, 100, 1100, test_metrics());
  // Rows: the title, the host lane, the stream, the busy row.
  ASSERT_EQ(l.rows.size(), 4u);
  EXPECT_EQ(l.rows[0].kind, RowKind::Title);
  EXPECT_EQ(l.rows[1].kind, RowKind::Host);
  EXPECT_EQ(l.rows[1].label, "host: the thread running the work");
  EXPECT_DOUBLE_EQ(l.rows[1].y0, 40);
  EXPECT_EQ(l.rows[2].kind, RowKind::Stream);
  EXPECT_DOUBLE_EQ(l.rows[2].y0, 62);
  EXPECT_EQ(l.rows[3].kind, RowKind::Busy);
  EXPECT_DOUBLE_EQ(l.rows[3].y0, 84);
  EXPECT_DOUBLE_EQ(l.height, 94);
  // The first kernel ran from 3000 to 5000 ns: 2000 to 4000 ns after the step began (at
  // 1000 ns), 20% to 40% of the 10 us shown.
  const auto kernel = std::find_if(l.items.begin(), l.items.end(),
                                   [&](const ItemBox& b) { return eager.items[b.item].name == "first"; });
  ASSERT_NE(kernel, l.items.end());
  EXPECT_DOUBLE_EQ(kernel->x0, 300);
  EXPECT_DOUBLE_EQ(kernel->x1, 500);
  EXPECT_DOUBLE_EQ(kernel->y0, 62);
}

TEST(TimelineLayout, TheBusyRowShowsEveryGapAndTheyAddUpToTheIdleTime) {
  const Timeline eager = eager_pair();
  const std::vector<Track> tracks = {{&eager, "eager"}};
  const Layout l = layout_tracks(tracks, fit_view(tracks), 0, 800, test_metrics());
  std::int64_t idle = 0, busy = 0;
  int gaps = 0;
  for (const Span& s : l.spans) {
    (s.idle ? idle : busy) += s.ns;
    gaps += s.idle;
    EXPECT_LE(s.x0, s.x1);
  }
  const profile::IdleSummary summary = profile::summarize_idle(eager);
  EXPECT_EQ(gaps, summary.gaps);
  EXPECT_EQ(idle, summary.idle_ns);
  EXPECT_EQ(busy, summary.busy_ns);
  EXPECT_EQ(idle, 3000);
}

TEST(TimelineLayout, ShortItemsAreWidenedAndItemsOutsideTheViewLeftOut) {
  Timeline t = two_lane_timeline();
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 0, 100, 1);
  add(&t, ItemKind::Kernel, 1, "tiny", 1000, 1001, 1);
  add(&t, ItemKind::Kernel, 1, "late", 900000, 910000, 2);
  profile::normalize(&t);
  const std::vector<Track> tracks = {{&t, "t"}};
  const Layout l = layout_tracks(tracks, {0.0, 0.01}, 0, 1000, test_metrics());
  ASSERT_EQ(l.items.size(), 2u);  // "late" is far beyond 10 us
  for (const ItemBox& b : l.items) {
    EXPECT_NE(t.items[b.item].name, "late");
    EXPECT_GE(b.x1 - b.x0, test_metrics().min_item_width - 1e-9);
  }
}

TEST(TimelineLayout, TracksStackOnOneTimeAxisAndAlignAtTheirStarts) {
  const Timeline eager = eager_pair(), graph = graph_pair();
  const std::vector<Track> tracks = {{&eager, "eager"}, {&graph, "graph"}};
  const plot::Range view = fit_view(tracks);
  // Room for the longer step (8 us) with 2% either side.
  EXPECT_NEAR(view.min, -0.00016, 1e-12);
  EXPECT_NEAR(view.max, 0.00816, 1e-12);
  const Layout l = layout_tracks(tracks, view, 0, 1000, test_metrics());
  EXPECT_EQ(std::count_if(l.rows.begin(), l.rows.end(), [](const Row& r) { return r.kind == RowKind::Title; }), 2);
  EXPECT_DOUBLE_EQ(l.height, 2 * 94 + 8);
  // Both steps start with their first host call at the same x.
  double first_x[2] = {1e9, 1e9};
  for (const ItemBox& b : l.items)
    first_x[b.track] = std::min(first_x[b.track], b.x0);
  EXPECT_DOUBLE_EQ(first_x[0], first_x[1]);
  // Every box of the second track lies below every box of the first.
  double lowest_first = 0, highest_second = 1e9;
  for (const ItemBox& b : l.items) {
    if (b.track == 0) lowest_first = std::max(lowest_first, b.y1);
    else highest_second = std::min(highest_second, b.y0);
  }
  EXPECT_LT(lowest_first, highest_second);
}

TEST(TimelineLayout, HoveringFindsTheBoxAndItsLaunchOrItsKernels) {
  const Timeline eager = eager_pair(), graph = graph_pair();
  const std::vector<Track> tracks = {{&eager, "eager"}, {&graph, "graph"}};
  const Layout l = layout_tracks(tracks, {0.0, 0.01}, 0, 1000, test_metrics());
  auto box_named = [&](int track, const std::string& name) {
    for (int i = 0; i < static_cast<int>(l.items.size()); ++i)
      if (l.items[i].track == track && tracks[track].timeline->items[l.items[i].item].name == name) return i;
    return -1;
  };
  const int second = box_named(0, "second");
  ASSERT_GE(second, 0);
  const ItemBox& b = l.items[second];
  EXPECT_EQ(item_at(l, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2), second);
  EXPECT_EQ(item_at(l, (b.x0 + b.x1) / 2, b.y1 + 1000), -1);
  // The kernel leads to the launch that queued it, not to the other launch or the wait.
  const std::vector<int> launch = linked_boxes(l, tracks, second);
  ASSERT_EQ(launch.size(), 1u);
  EXPECT_EQ(eager.items[l.items[launch[0]].item].kind, ItemKind::HostCall);
  EXPECT_EQ(eager.items[l.items[launch[0]].item].start_ns, 6000);
  // A graph launch leads to both of its kernels, and only within its own track.
  const std::vector<int> nodes = linked_boxes(l, tracks, box_named(1, "cudaGraphLaunch"));
  ASSERT_EQ(nodes.size(), 2u);
  for (const int n : nodes) EXPECT_EQ(l.items[n].track, 1);
  // A call that queued nothing links nowhere.
  EXPECT_TRUE(linked_boxes(l, tracks, box_named(0, "cudaStreamSynchronize")).empty());
}

TEST(TimelineLayout, HostCallsAreLaunchesWaitsOrOther) {
  Timeline t = eager_pair();
  add(&t, ItemKind::HostCall, 0, "cudaGetLastError", 2600, 2700);
  profile::normalize(&t);
  const std::map<std::string, HostRole> expected = {
      {"cudaLaunchKernel", HostRole::Launch}, {"cudaStreamSynchronize", HostRole::Wait}, {"cudaGetLastError", HostRole::Other}};
  int checked = 0;
  for (const profile::TimelineItem& item : t.items) {
    if (item.kind != ItemKind::HostCall) continue;
    EXPECT_EQ(host_role(t, item), expected.at(item.name)) << item.name;
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

TEST(TimelineLayout, LanesAndHoverReadOutsSayWhatAReaderNeeds) {
  Timeline t = eager_pair();
  EXPECT_EQ(lane_label(t, 0), "CPU thread");
  EXPECT_EQ(lane_label(t, 1), "GPU stream 13");
  t.lanes.insert(t.lanes.begin(), {profile::LaneKind::HostThread, 7, "host thread 7"});
  for (profile::TimelineItem& item : t.items) ++item.lane;
  EXPECT_EQ(lane_label(t, 0), "CPU thread 1");
  EXPECT_EQ(lane_label(t, 1), "CPU thread 2");
  EXPECT_EQ(lane_label(t, 5), "");

  Timeline k = two_lane_timeline();
  add(&k, ItemKind::HostCall, 0, "cudaLaunchKernel_v7000", 100, 1100, 3);
  profile::TimelineItem& kernel = add(&k, ItemKind::Kernel, 1, "void ns::conv<3>(float const*, int)", 1600, 14500, 3);
  kernel.grid[0] = 85, kernel.grid[1] = kernel.grid[2] = 1;
  kernel.block[0] = 128, kernel.block[1] = kernel.block[2] = 1;
  kernel.registers_per_thread = 40;
  kernel.static_shared_bytes = 1280;
  kernel.dynamic_shared_bytes = 256;
  profile::normalize(&k);
  const std::vector<std::string> lines = hover_lines(k, 1);
  const std::vector<std::string> expected = {"conv<3>",
                                             "kernel, ran 12.9 us",
                                             "grid 85 x 1 x 1 blocks of 128 x 1 x 1 threads",
                                             "40 registers per thread",
                                             "shared memory 1536 bytes per block (1280 static + 256 dynamic)",
                                             "began 1.5 us into the step"};
  EXPECT_EQ(lines, expected);
  const std::vector<std::string> launch = hover_lines(k, 0);
  ASSERT_GE(launch.size(), 3u);
  EXPECT_EQ(launch[0], "cudaLaunchKernel");
  EXPECT_EQ(launch[2], "queued 1 GPU item, joined to it by a line");
  EXPECT_TRUE(hover_lines(k, 2).empty());
}

TEST(TimelineLayout, TheSentenceComparesEagerWithGraph) {
  const Timeline eager = eager_pair(), graph = graph_pair();
  EXPECT_FALSE(launched_as_graph(eager));
  EXPECT_TRUE(launched_as_graph(graph));
  // Eager: 3000 of 6000 ns idle; graph: 100 of 3100 ns.
  EXPECT_EQ(idle_comparison(eager, "A", graph, "B", true), "GPU idle 50% of the step in eager mode, 3% as a graph");
  EXPECT_EQ(idle_comparison(graph, "B", eager, "A", true), "GPU idle 50% of the step in eager mode, 3% as a graph");
  EXPECT_EQ(idle_comparison(eager, "ours", graph, "theirs", false), "GPU idle 50% in ours, 3% in theirs");
}

// The recordings the panel shows without a GPU: their figures, read the panel's way, are
// those `whygpu bench timeline` printed on the H100 (compute/profile's own summary).
TEST(TimelineLayout, TheShippedRecordingsGiveTheFiguresOfTheirRun) {
  Timeline eager, graph;
  const std::string folder = std::string(WHYGPU_SOURCE_DIR) + "/assets/reference/timelines/";
  ASSERT_TRUE(profile::load_timeline(folder + "cnn-step.json", &eager));
  ASSERT_TRUE(profile::load_timeline(folder + "cnn-step-graph.json", &graph));
  EXPECT_EQ(idle_comparison(eager, "", graph, "", true), "GPU idle 46% of the step in eager mode, 1% as a graph");
  const double speedup = graph_speedup(eager, graph);
  EXPECT_GT(speedup, 1.3);
  EXPECT_LT(speedup, 2.0);
  const std::vector<Track> tracks = {{&eager, "eager"}, {&graph, "graph"}};
  const Layout l = layout_tracks(tracks, fit_view(tracks), 0, 1600, Metrics{});
  int kernels = 0;
  for (const ItemBox& b : l.items) kernels += tracks[b.track].timeline->items[b.item].kind == ItemKind::Kernel;
  EXPECT_EQ(kernels, 42);  // 21 in each, all inside the fitted view
}

}  // namespace
}  // namespace whygpu::app::timeline
