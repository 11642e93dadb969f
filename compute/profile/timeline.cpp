#include "compute/profile/timeline.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace whygpu::profile {
namespace {

// The union of `intervals` as sorted, disjoint pieces.
std::vector<Interval> merged(std::vector<Interval> intervals) {
  std::sort(intervals.begin(), intervals.end(),
            [](const Interval& a, const Interval& b) { return a.start_ns < b.start_ns; });
  std::vector<Interval> out;
  for (const Interval& i : intervals) {
    if (i.end_ns <= i.start_ns) continue;
    if (!out.empty() && i.start_ns <= out.back().end_ns)
      out.back().end_ns = std::max(out.back().end_ns, i.end_ns);
    else
      out.push_back(i);
  }
  return out;
}

template <typename Pick>
std::vector<Interval> busy_of(const Timeline& timeline, Pick pick) {
  std::vector<Interval> intervals;
  for (const TimelineItem& item : timeline.items)
    if (item.on_gpu() && pick(item)) intervals.push_back({item.start_ns, item.end_ns});
  return merged(std::move(intervals));
}

std::int64_t total_length(const std::vector<Interval>& intervals) {
  std::int64_t sum = 0;
  for (const Interval& i : intervals) sum += i.end_ns - i.start_ns;
  return sum;
}

// Index of the '(' matching the ')' at `close`, or npos.
std::size_t matching_open(const std::string& s, std::size_t close) {
  int depth = 0;
  for (std::size_t i = close + 1; i-- > 0;) {
    if (s[i] == ')') ++depth;
    if (s[i] == '(' && --depth == 0) return i;
  }
  return std::string::npos;
}

// Position just after the last occurrence of `token` outside <...> and (...), or 0.
std::size_t after_last_top_level(const std::string& s, const std::string& token) {
  int angle = 0, paren = 0;
  std::size_t found = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<') ++angle;
    if (c == '>' && angle > 0) --angle;
    if (c == '(') ++paren;
    if (c == ')' && paren > 0) --paren;
    if (angle == 0 && paren == 0 && s.compare(i, token.size(), token) == 0) found = i + token.size();
  }
  return found;
}

}  // namespace

std::string Timeline::recorded_label(bool sentence_start) const { return run.recorded_label(sentence_start); }

void normalize(Timeline* timeline) {
  std::set<int> used;
  for (const TimelineItem& item : timeline->items) used.insert(item.lane);
  std::vector<int> order;
  for (int lane : used)
    if (lane >= 0 && lane < static_cast<int>(timeline->lanes.size())) order.push_back(lane);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const Lane& x = timeline->lanes[a];
    const Lane& y = timeline->lanes[b];
    return std::make_tuple(x.kind != LaneKind::HostThread, x.id) < std::make_tuple(y.kind != LaneKind::HostThread, y.id);
  });
  std::map<int, int> renumbered;
  std::vector<Lane> lanes;
  for (int old : order) {
    renumbered[old] = static_cast<int>(lanes.size());
    lanes.push_back(timeline->lanes[old]);
  }
  std::vector<TimelineItem> items;
  for (TimelineItem& item : timeline->items) {
    const auto it = renumbered.find(item.lane);
    if (it == renumbered.end()) continue;  // a lane index outside the list: nowhere to draw it
    item.lane = it->second;
    items.push_back(std::move(item));
  }
  std::stable_sort(items.begin(), items.end(), [](const TimelineItem& a, const TimelineItem& b) {
    return std::tie(a.lane, a.start_ns) < std::tie(b.lane, b.start_ns);
  });
  timeline->lanes = std::move(lanes);
  timeline->items = std::move(items);
}

std::span<const TimelineItem> items_in_lane(const Timeline& timeline, int lane) {
  const auto by_lane = [](const TimelineItem& item, int l) { return item.lane < l; };
  const auto first = std::lower_bound(timeline.items.begin(), timeline.items.end(), lane, by_lane);
  const auto last = std::lower_bound(first, timeline.items.end(), lane + 1, by_lane);
  return {first, last};
}

std::vector<Interval> gpu_busy_intervals(const Timeline& timeline) {
  return busy_of(timeline, [](const TimelineItem&) { return true; });
}

std::vector<Interval> gpu_idle_gaps(const Timeline& timeline) {
  const std::vector<Interval> busy = gpu_busy_intervals(timeline);
  std::vector<Interval> gaps;
  for (std::size_t i = 1; i < busy.size(); ++i) gaps.push_back({busy[i - 1].end_ns, busy[i].start_ns});
  return gaps;
}

IdleSummary summarize_idle(const Timeline& timeline) {
  IdleSummary s;
  const std::vector<Interval> busy = gpu_busy_intervals(timeline);
  std::set<std::uint32_t> gpu_correlations;
  for (const TimelineItem& item : timeline.items) {
    switch (item.kind) {
      case ItemKind::HostCall: ++s.host_calls; break;
      case ItemKind::Kernel: ++s.kernels; break;
      case ItemKind::Memcpy: ++s.copies; break;
      case ItemKind::Memset: ++s.memsets; break;
    }
    if (item.on_gpu() && item.correlation != 0) gpu_correlations.insert(item.correlation);
  }
  for (const TimelineItem& item : timeline.items)
    if (item.kind == ItemKind::HostCall && item.correlation != 0 && gpu_correlations.count(item.correlation)) ++s.launches;
  if (busy.empty()) return s;
  s.span_ns = busy.back().end_ns - busy.front().start_ns;
  s.busy_ns = total_length(busy);
  s.idle_ns = s.span_ns - s.busy_ns;
  const std::vector<Interval> gaps = gpu_idle_gaps(timeline);
  s.gaps = static_cast<int>(gaps.size());
  for (const Interval& gap : gaps) s.longest_gap_ns = std::max(s.longest_gap_ns, gap.end_ns - gap.start_ns);
  s.kernel_busy_ns = total_length(busy_of(timeline, [](const TimelineItem& i) { return i.kind == ItemKind::Kernel; }));
  s.copy_busy_ns = total_length(busy_of(timeline, [](const TimelineItem& i) { return i.kind != ItemKind::Kernel; }));
  return s;
}

std::string format_duration_ns(std::int64_t ns) {
  char buf[48];
  const double v = static_cast<double>(ns);
  if (ns < 1000 && ns > -1000)
    std::snprintf(buf, sizeof buf, "%lld ns", static_cast<long long>(ns));
  else if (ns < 1000000 && ns > -1000000)
    std::snprintf(buf, sizeof buf, "%.1f us", v / 1e3);
  else if (ns < 1000000000 && ns > -1000000000)
    std::snprintf(buf, sizeof buf, "%.3f ms", v / 1e6);
  else
    std::snprintf(buf, sizeof buf, "%.2f s", v / 1e9);
  return buf;
}

Wording idle_sentence(const IdleSummary& s, const Wording& what) {
  if (s.span_ns <= 0) return Wording::sentence(N_("no GPU work was recorded in {0}"), {what});
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f", 100.0 * s.idle_fraction());
  std::vector<Wording> values = {percent, what, Wording::number(format_duration_ns(s.idle_ns)),
                                 Wording::number(format_duration_ns(s.span_ns)), std::to_string(s.gaps)};
  if (s.gaps == 0) return Wording::sentence(N_("GPU idle {0}% of {1} ({2} of {3}, {4} gaps)"), std::move(values));
  values.push_back(Wording::number(format_duration_ns(s.longest_gap_ns)));
  return Wording::sentence(s.gaps == 1 ? N_("GPU idle {0}% of {1} ({2} of {3}, {4} gap; longest {5})")
                                       : N_("GPU idle {0}% of {1} ({2} of {3}, {4} gaps; longest {5})"),
                           std::move(values));
}

std::vector<KernelTotal> totals_by_kernel(const Timeline& timeline) {
  std::map<std::string, KernelTotal> by_name;
  std::int64_t all = 0;
  for (const TimelineItem& item : timeline.items) {
    if (item.kind != ItemKind::Kernel) continue;
    const std::string name = kernel_display_name(item.name);
    KernelTotal& t = by_name[name];
    const std::int64_t d = item.duration_ns();
    if (t.count == 0 || d < t.min_ns) t.min_ns = d;
    if (t.count == 0 || d > t.max_ns) t.max_ns = d;
    t.name = name;
    ++t.count;
    t.total_ns += d;
    all += d;
  }
  std::vector<KernelTotal> out;
  for (auto& [name, t] : by_name) {
    t.share_of_kernel_time = all > 0 ? static_cast<double>(t.total_ns) / all : 0.0;
    out.push_back(t);
  }
  std::stable_sort(out.begin(), out.end(), [](const KernelTotal& a, const KernelTotal& b) { return a.total_ns > b.total_ns; });
  return out;
}

std::string kernel_display_name(const std::string& name) {
  std::string s = name;
  if (!s.empty() && s.back() == ')') {
    const std::size_t open = matching_open(s, s.size() - 1);
    if (open != std::string::npos && open > 0) s.resize(open);
  }
  s = s.substr(after_last_top_level(s, " "));
  s = s.substr(after_last_top_level(s, "::"));
  return s.empty() ? name : s;
}

std::string host_call_display_name(const std::string& name) {
  const std::size_t v = name.rfind("_v");
  if (v == std::string::npos || v + 2 >= name.size()) return name;
  if (name.find_first_not_of("0123456789", v + 2) != std::string::npos) return name;
  return name.substr(0, v);
}

}  // namespace whygpu::profile
