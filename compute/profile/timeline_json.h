#pragma once
// Recorded timelines as JSON files ("format": "whygpu-timeline"), so a recording made on
// a GPU machine (`whygpu bench timeline --json FILE`, or the PyTorch peer's
// scripts/peer/cnn_pytorch_profile.py) can be shown, labelled, where there is no GPU.
#include <string>
#include <string_view>

#include "compute/bench/recording_file.h"
#include "compute/profile/timeline.h"

namespace whygpu::profile {

inline constexpr bench::RecordingKind kTimelineRecording{"whygpu-timeline", 1, "whygpu timeline"};

// Lanes by kind ("host", "stream"); items by kind ("kernel", ...), each on a lane of the
// timeline, with a name, whole-number times and its end not before its start; kernels with
// their grid and block. Items are put in order when read (other tools' files need not be).
void to_json(bench::Json& json, const Timeline& timeline);
void from_json(const bench::Json& json, Timeline& timeline);

// Errors name the field ("field 'items[12].end_ns': missing").

Status parse_timeline(std::string_view json_text, Timeline* out);
// Written atomically (a temporary file renamed over the target).
Status save_timeline(const Timeline& timeline, const std::string& path);
Status load_timeline(const std::string& path, Timeline* out);

}  // namespace whygpu::profile
