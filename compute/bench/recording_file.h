#pragma once
// Recordings as files: a JSON object whose "format" and "format_version" say what it is,
// whose "run" says where and when it was measured (RunInfo: nothing is shown as recorded
// without saying where), and whose other members are the recorded type's own (its
// to_json/from_json). The recordings of the GPU panels (`whygpu record`) are all of format
// "whygpu-recording", one file per "part" (the thread-grid launches, the race, the kernel
// lab, ...) in assets/reference/recorded-gpu/; the benches' own files have formats of
// their own ("whygpu-dense-layer", "whygpu-timeline", ...).
//
//   {"format": "whygpu-recording", "format_version": 1, "part": "grid", "run": {...}, ...}
//
// A type T recorded so has a member `RunInfo run` and to_json/from_json for the rest:
//   inline constexpr bench::RecordingKind kDenseRecording{"whygpu-dense-layer", 1, "whygpu dense-layer recording"};
//   bench::save_recording(path, kDenseRecording, recording);
//   bench::load_recording(path, kDenseRecording, &recording);  // errors name the file and the field
#include <string>
#include <string_view>

#include "compute/bench/json.h"
#include "compute/bench/run_info.h"
#include "compute/core/text_file.h"

namespace whygpu::bench {

struct RecordingKind {
  const char* format;  // "whygpu-recording", "whygpu-dense-layer", ...
  int version;         // the newest "format_version" this whygpu reads and the one it writes
  const char* what;    // in errors: "whygpu dense-layer recording"
  const char* part = nullptr;  // format "whygpu-recording": which part ("grid")
};

// The recordings of the GPU panels: format "whygpu-recording", version 1, one part each.
inline constexpr RecordingKind recording_part(const char* part, const char* what) {
  return {"whygpu-recording", 1, what, part};
}

// Relative to the checkout: where the recordings of the GPU panels shipped with whygpu live.
inline constexpr const char* kRecordingFolder = "assets/reference/recorded-gpu";
// The file of one part in a folder: "<folder>/<part>.json".
std::string recording_path(const std::string& folder, std::string_view part);

// No recording is larger: a bigger file is refused before it is read.
inline constexpr std::size_t kMaxRecordingBytes = std::size_t{64} << 20;

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RunInfo, date_utc, command, cpu_model, cpu_threads, cpu_kernel, openblas,
                                                gpu_available, gpu_name, gpu_compute_capability, gpu_sm_count,
                                                gpu_memory_gib, nvidia_driver, cuda_driver, cuda_runtime)

// The members every recording starts with: format, format_version, part (if any) and run.
Json recording_header(const RecordingKind& kind, const RunInfo& run);
// Checks that `doc` is a recording of `kind` in a version this whygpu reads, with a "run".
Status check_recording(const Json& doc, const RecordingKind& kind);

template <typename T>
std::string recording_text(const RecordingKind& kind, const T& value) {
  Json doc = value;
  doc.update(recording_header(kind, value.run));
  return dump_json(doc);
}

// A recording already parsed (or embedded in another file), checked and read into *out.
template <typename T>
Status read_recording(const Json& doc, const RecordingKind& kind, T* out) {
  if (Status s = check_recording(doc, kind); !s) return s;
  T value;
  if (Status s = read_json(doc, &value); !s) return s;
  if (Status s = read_json(*doc.find("run"), &value.run); !s) return s;
  *out = std::move(value);
  return Status::ok();
}

template <typename T>
Status parse_recording(std::string_view text, const RecordingKind& kind, T* out) {
  Json doc;
  if (Status s = parse_json(text, &doc); !s) return s;
  return read_recording(doc, kind, out);
}

// Errors name the file: "assets/reference/h100-dense-layer.json: field 'rows[3].fused': missing".
template <typename T>
Status load_recording(const std::string& path, const RecordingKind& kind, T* out) {
  std::string text;
  if (Status s = read_text_file(path, &text, kMaxRecordingBytes); !s) return s;
  return parse_recording(text, kind, out).with_context(path);
}

// Written atomically (write_file_atomically).
template <typename T>
Status save_recording(const std::string& path, const RecordingKind& kind, const T& value) {
  return write_file_atomically(path, recording_text(kind, value));
}

}  // namespace whygpu::bench
