#pragma once
// A recorded timeline as text for the terminal (`whygpu bench timeline`): lane by lane,
// each item with its start, duration and details, then the kernels by total time and the
// idle summary.
#include <string>

#include "compute/profile/timeline.h"

namespace whygpu::profile {

// `max_items_per_lane` <= 0: every item; else the first ones and a line saying how many
// more there are.
std::string format_timeline(const Timeline& timeline, int max_items_per_lane = 0);

// The details column of one item: "grid 64x1x1, block 256x1x1, 32 registers, shared
// 0 + 4096 bytes, in a graph", "64.0 MiB pageable -> device", "queued 3 GPU items"; the
// timeline page shows it translated, the terminal its english().
Wording item_details(const Timeline& timeline, const TimelineItem& item);

}  // namespace whygpu::profile
