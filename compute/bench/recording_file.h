#pragma once
// Recordings of what the GPU panels show (`whygpu record`): one JSON file per part
// (the thread-grid launches, the race, the kernel lab, ...) in assets/reference/recorded-gpu/,
// each with the machine, driver, date and command it was made with (RunInfo), so that a
// panel on a computer without an NVIDIA GPU can show it beside its live CPU side,
// labelled as recorded, never as if measured here.
//
//   {"format": "whygpu-recording", "format_version": 1, "part": "grid", "run": {...}, ...}
#include <string>
#include <string_view>

#include "compute/bench/json.h"
#include "compute/bench/run_info.h"

namespace whygpu::bench {

inline constexpr int kRecordingFormatVersion = 1;

// Relative to the checkout: where the recordings shipped with whygpu live.
inline constexpr const char* kRecordingFolder = "assets/reference/recorded-gpu";

// The top of a recording's document: format, version, part and run. Each part adds its
// own members after these.
JsonValue recording_document(std::string_view part, const RunInfo& run);

// Reads `path` and checks that it is a recording of `part` in a version this whygpu
// reads; *doc gets the whole document and *run its "run". Errors name the file.
Status load_recording(const std::string& path, std::string_view part, JsonValue* doc, RunInfo* run);

// The file of one part in a folder: "<folder>/<part>.json".
std::string recording_path(const std::string& folder, std::string_view part);

}  // namespace whygpu::bench
