#include "app/profile/timeline_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "app/i18n/translate.h"
#include "compute/profile/timeline_format.h"

namespace whygpu::app::timeline {

using profile::ItemKind;
using profile::LaneKind;
using profile::Timeline;
using profile::TimelineItem;

namespace {

constexpr double kNsPerMs = 1e6;
constexpr double kFitMargin = 0.02;  // of the longest step, at either end

std::int64_t first_start(const Timeline& t, bool host_only) {
  std::int64_t first = std::numeric_limits<std::int64_t>::max();
  for (const TimelineItem& item : t.items)
    if (!host_only || item.kind == ItemKind::HostCall) first = std::min(first, item.start_ns);
  return first;
}

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100.0 * fraction);
  return text;
}

}  // namespace

std::int64_t step_begin_ns(const Timeline& timeline) {
  if (timeline.items.empty()) return timeline.work_begin_ns;
  const std::int64_t host = first_start(timeline, true);
  return host != std::numeric_limits<std::int64_t>::max() ? host : first_start(timeline, false);
}

std::int64_t step_end_ns(const Timeline& timeline) {
  std::int64_t end = std::numeric_limits<std::int64_t>::min();
  for (const TimelineItem& item : timeline.items)
    if (item.on_gpu()) end = std::max(end, item.end_ns);
  if (end != std::numeric_limits<std::int64_t>::min()) return end;
  for (const TimelineItem& item : timeline.items) end = std::max(end, item.end_ns);  // host calls only
  return end != std::numeric_limits<std::int64_t>::min() ? end : timeline.work_end_ns;
}

double x_of_ns(std::int64_t ns, const plot::Range& view_ms, double x0, double x1) {
  return x0 + plot::fraction_of(plot::ScaleKind::Linear, view_ms, static_cast<double>(ns) / kNsPerMs) * (x1 - x0);
}

double ms_at_x(double x, const plot::Range& view_ms, double x0, double x1) {
  return plot::value_at(plot::ScaleKind::Linear, view_ms, x1 > x0 ? (x - x0) / (x1 - x0) : 0.0);
}

plot::Range fit_view(const std::vector<Track>& tracks) {
  std::int64_t longest = 0;
  for (const Track& t : tracks)
    if (t.timeline) longest = std::max(longest, step_ns(*t.timeline));
  if (longest <= 0) return {0.0, 1.0};
  const double ms = static_cast<double>(longest) / kNsPerMs;
  return {-kFitMargin * ms, (1.0 + kFitMargin) * ms};
}

Layout layout_tracks(const std::vector<Track>& tracks, const plot::Range& view_ms, double x0, double x1,
                     const Metrics& m) {
  Layout out;
  double y = 0.0;
  for (int track = 0; track < static_cast<int>(tracks.size()); ++track) {
    const Timeline* t = tracks[track].timeline;
    if (track > 0) y += m.track_gap;
    const double title_height = tracks[track].title_height > 0 ? tracks[track].title_height : m.title_height;
    out.rows.push_back({track, RowKind::Title, -1, tracks[track].title, y, y + title_height});
    y += title_height;
    if (!t) continue;
    const std::int64_t origin = step_begin_ns(*t);
    auto x_of = [&](std::int64_t ns) { return x_of_ns(ns - origin, view_ms, x0, x1); };
    // Host lanes come first in a normalized timeline, then streams: the rows keep that order.
    std::vector<double> lane_top(t->lanes.size(), 0.0);
    for (int lane = 0; lane < static_cast<int>(t->lanes.size()); ++lane) {
      const bool host = t->lanes[lane].kind == LaneKind::HostThread;
      lane_top[lane] = y;
      out.rows.push_back({track, host ? RowKind::Host : RowKind::Stream, lane, t->lanes[lane].name, y, y + m.row_height});
      y += m.row_height + m.lane_gap;
    }
    for (int i = 0; i < static_cast<int>(t->items.size()); ++i) {
      const TimelineItem& item = t->items[i];
      if (item.lane < 0 || item.lane >= static_cast<int>(lane_top.size())) continue;
      double a = x_of(item.start_ns), b = x_of(item.end_ns);
      if (b - a < m.min_item_width) {
        const double middle = (a + b) / 2;
        a = middle - m.min_item_width / 2;
        b = middle + m.min_item_width / 2;
      }
      if (b < x0 || a > x1) continue;
      const double top = lane_top[item.lane];
      out.items.push_back({track, i, std::max(a, x0), std::min(b, x1), top, top + m.row_height});
    }
    // The busy row: the union of GPU work and the gaps between, inside the GPU's span.
    const double top = y;
    out.rows.push_back({track, RowKind::Busy, -1, "GPU busy / idle", top, top + m.busy_height});
    std::int64_t previous_end = -1;
    auto add_span = [&](std::int64_t from, std::int64_t to, bool idle) {
      const double a = x_of(from), b = x_of(to);
      if (b < x0 || a > x1) return;
      out.spans.push_back({track, idle, to - from, std::max(a, x0), std::min(b, x1), top, top + m.busy_height});
    };
    for (const profile::Interval& busy : profile::gpu_busy_intervals(*t)) {
      if (previous_end >= 0) add_span(previous_end, busy.start_ns, true);
      add_span(busy.start_ns, busy.end_ns, false);
      previous_end = busy.end_ns;
    }
    y = top + m.busy_height;
  }
  out.height = y;
  return out;
}

int item_at(const Layout& layout, double x, double y) {
  // Widened boxes can overlap their neighbours: the one whose middle is nearest wins.
  int best = -1;
  double best_distance = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(layout.items.size()); ++i) {
    const ItemBox& box = layout.items[i];
    if (!box.contains(x, y)) continue;
    const double distance = std::fabs((box.x0 + box.x1) / 2 - x);
    if (distance < best_distance) {
      best = i;
      best_distance = distance;
    }
  }
  return best;
}

std::vector<int> linked_boxes(const Layout& layout, const std::vector<Track>& tracks, int index) {
  std::vector<int> out;
  if (index < 0 || index >= static_cast<int>(layout.items.size())) return out;
  const ItemBox& box = layout.items[index];
  const Timeline& t = *tracks[box.track].timeline;
  const std::uint32_t correlation = t.items[box.item].correlation;
  if (correlation == 0) return out;
  for (int i = 0; i < static_cast<int>(layout.items.size()); ++i) {
    const ItemBox& other = layout.items[i];
    if (i == index || other.track != box.track) continue;
    if (t.items[other.item].correlation == correlation) out.push_back(i);
  }
  return out;
}

HostRole host_role(const Timeline& timeline, const TimelineItem& call) {
  if (call.correlation != 0)
    for (const TimelineItem& item : timeline.items)
      if (item.on_gpu() && item.correlation == call.correlation) return HostRole::Launch;
  return call.name.find("Synchronize") != std::string::npos ? HostRole::Wait : HostRole::Other;
}

std::string lane_label(const Timeline& timeline, int lane) {
  if (lane < 0 || lane >= static_cast<int>(timeline.lanes.size())) return "";
  const profile::Lane& l = timeline.lanes[lane];
  if (l.kind == LaneKind::GpuStream) return fill(tr("GPU stream {0}"), {std::to_string(l.id)});
  int hosts = 0, number = 0;
  for (int i = 0; i < static_cast<int>(timeline.lanes.size()); ++i) {
    if (timeline.lanes[i].kind != LaneKind::HostThread) continue;
    ++hosts;
    if (i == lane) number = hosts;
  }
  return hosts == 1 ? tr("CPU thread") : fill(tr("CPU thread {0}"), {std::to_string(number)});
}

std::vector<std::string> hover_lines(const Timeline& timeline, int index) {
  std::vector<std::string> lines;
  if (index < 0 || index >= static_cast<int>(timeline.items.size())) return lines;
  const TimelineItem& item = timeline.items[index];
  const std::string took = profile::format_duration_ns(item.duration_ns());
  const std::string at =
      fill(tr("began {0} into the step"), {profile::format_duration_ns(item.start_ns - step_begin_ns(timeline))});
  auto dims = [](const int d[3]) {
    return std::to_string(d[0]) + " x " + std::to_string(d[1]) + " x " + std::to_string(d[2]);
  };
  switch (item.kind) {
    case ItemKind::Kernel: {
      lines.push_back(profile::kernel_display_name(item.name));
      lines.push_back(fill(item.in_graph ? tr("kernel, ran {0} (a node of a CUDA graph)") : tr("kernel, ran {0}"),
                           {took}));
      lines.push_back(fill(tr("grid {0} blocks of {1} threads"), {dims(item.grid), dims(item.block)}));
      lines.push_back(fill(tr("{0} registers per thread"), {std::to_string(item.registers_per_thread)}));
      lines.push_back(fill(tr("shared memory {0} bytes per block ({1} static + {2} dynamic)"),
                           {std::to_string(item.static_shared_bytes + item.dynamic_shared_bytes),
                            std::to_string(item.static_shared_bytes), std::to_string(item.dynamic_shared_bytes)}));
      break;
    }
    case ItemKind::Memcpy:
    case ItemKind::Memset:
      lines.push_back(item.kind == ItemKind::Memcpy ? fill(tr("copy {0}"), {item.copy_kind}) : tr("memset"));
      lines.push_back(fill(tr("{0}, took {1}"), {translated(profile::item_details(timeline, item)), took}));
      break;
    case ItemKind::HostCall: {
      lines.push_back(profile::host_call_display_name(item.name));
      const HostRole role = host_role(timeline, item);
      const std::string queued = translated(profile::item_details(timeline, item));
      lines.push_back(fill(tr("on the CPU, took {0}"), {took}));
      if (role == HostRole::Launch) lines.push_back(fill(tr("{0}, joined to it by a line"), {queued}));
      if (role == HostRole::Wait) lines.push_back(tr("the CPU waits here until the GPU has finished"));
      break;
    }
  }
  lines.push_back(at);
  return lines;
}

bool launched_as_graph(const Timeline& timeline) {
  int kernels = 0, in_graph = 0;
  for (const TimelineItem& item : timeline.items) {
    if (item.kind != ItemKind::Kernel) continue;
    ++kernels;
    in_graph += item.in_graph;
  }
  return kernels > 0 && in_graph * 2 > kernels;
}

std::string idle_comparison(const Timeline& a, const std::string& a_name, const Timeline& b, const std::string& b_name,
                            bool same_step) {
  const double idle_a = profile::summarize_idle(a).idle_fraction();
  const double idle_b = profile::summarize_idle(b).idle_fraction();
  const bool a_graph = launched_as_graph(a), b_graph = launched_as_graph(b);
  if (same_step && a_graph != b_graph) {
    const double eager = a_graph ? idle_b : idle_a, graph = a_graph ? idle_a : idle_b;
    return fill(tr("GPU idle {0} of the step in eager mode, {1} as a graph"), {percent(eager), percent(graph)});
  }
  return fill(tr("GPU idle {0} in {1}, {2} in {3}"), {percent(idle_a), a_name, percent(idle_b), b_name});
}

double graph_speedup(const Timeline& eager, const Timeline& graph) {
  const std::int64_t graph_ns = step_ns(graph);
  return graph_ns > 0 ? static_cast<double>(step_ns(eager)) / static_cast<double>(graph_ns)
                      : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace whygpu::app::timeline
