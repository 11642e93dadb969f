#include "compute/bench/recording_file.h"

#include "compute/bench/bench_format.h"
#include "compute/core/text_file.h"

namespace whygpu::bench {

JsonValue recording_document(std::string_view part, const RunInfo& run) {
  JsonValue doc = JsonValue::object();
  doc.set("format", JsonValue::string("whygpu-recording"));
  doc.set("format_version", JsonValue::number(kRecordingFormatVersion));
  doc.set("part", JsonValue::string(std::string(part)));
  doc.set("run", run_info_to_json(run));
  return doc;
}

Status load_recording(const std::string& path, std::string_view part, JsonValue* doc, RunInfo* run) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  JsonValue parsed;
  if (Status s = parse_json(text, &parsed); !s) return s.with_context(path);
  if (!parsed.is_object() || parsed.get_string("format") != "whygpu-recording")
    return Status::error(path + ": not a whygpu recording (no \"format\": \"whygpu-recording\")");
  const double version = parsed.get_number("format_version", -1.0);
  if (version < 1.0 || version > kRecordingFormatVersion)
    return Status::error(path + ": recording format version " + std::to_string(static_cast<int>(version)) +
                         " is not one this whygpu reads (it reads 1 to " + std::to_string(kRecordingFormatVersion) + ")");
  if (parsed.get_string("part") != part)
    return Status::error(path + ": a recording of \"" + parsed.get_string("part") + "\", not of \"" +
                         std::string(part) + "\"");
  const JsonValue* run_json = parsed.find("run");
  if (!run_json || !run_json->is_object()) return Status::error(path + ": the recording has no \"run\" object");
  *run = run_info_from_json(*run_json);
  *doc = std::move(parsed);
  return Status::ok();
}

std::string recording_path(const std::string& folder, std::string_view part) {
  return folder + "/" + std::string(part) + ".json";
}

}  // namespace whygpu::bench
