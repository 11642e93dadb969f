#pragma once
// Recorded timelines as JSON files ("format": "whygpu-timeline"), so a recording made on
// a GPU machine (`whygpu bench timeline --json FILE`, or the PyTorch peer's
// scripts/peer/cnn_pytorch_profile.py) can be shown, labelled, where there is no GPU.
#include <string>
#include <string_view>

#include "compute/bench/json.h"
#include "compute/profile/timeline.h"

namespace whygpu::profile {

inline constexpr int kTimelineFormatVersion = 1;

bench::JsonValue timeline_to_json(const Timeline& timeline);
// Errors name the problem and, for items, which one ("item 12: no end_ns").
Status timeline_from_json(const bench::JsonValue& json, Timeline* out);

Status parse_timeline(std::string_view json_text, Timeline* out);
// Written atomically (a temporary file renamed over the target).
Status save_timeline(const Timeline& timeline, const std::string& path);
Status load_timeline(const std::string& path, Timeline* out);

}  // namespace whygpu::profile
