#pragma once
// Hand-made timelines for the data-model tests: every time chosen so the expected sums
// can be worked out on paper.
#include <string>

#include "compute/profile/timeline.h"

namespace whygpu::profile::testing {

// Lane 0: a host thread; lane 1: stream 13.
inline Timeline two_lane_timeline() {
  Timeline t;
  t.work = "synthetic";
  t.lanes = {{LaneKind::HostThread, 4242, "host: the thread running the work"}, {LaneKind::GpuStream, 13, "stream 13"}};
  return t;
}

inline TimelineItem& add(Timeline* t, ItemKind kind, int lane, const std::string& name, std::int64_t start,
                         std::int64_t end, std::uint32_t correlation = 0) {
  TimelineItem item;
  item.kind = kind;
  item.lane = lane;
  item.name = name;
  item.start_ns = start;
  item.end_ns = end;
  item.correlation = correlation;
  t->items.push_back(item);
  return t->items.back();
}

}  // namespace whygpu::profile::testing
