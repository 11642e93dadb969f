#include "compute/bench/recording_file.h"

namespace whygpu::bench {

std::string recording_path(const std::string& folder, std::string_view part) {
  return folder + "/" + std::string(part) + ".json";
}

Json recording_header(const RecordingKind& kind, const RunInfo& run) {
  Json doc = Json::object();
  doc["format"] = kind.format;
  doc["format_version"] = kind.version;
  if (kind.part) doc["part"] = kind.part;
  doc["run"] = run;
  return doc;
}

Status check_recording(const Json& doc, const RecordingKind& kind) {
  const auto format = doc.is_object() ? doc.find("format") : doc.end();
  if (format == doc.end() || !format->is_string() || format->get_ref<const std::string&>() != kind.format)
    return Status::error("not a " + std::string(kind.what) + " (no \"format\": \"" + kind.format + "\")");
  const auto version = doc.find("format_version");
  const double number = version != doc.end() && version->is_number() ? version->get<double>() : -1.0;
  if (!(number >= 1.0 && number <= kind.version))
    return Status::error(std::string(kind.what) + " format version " +
                         (version == doc.end() ? std::string("(none)") : dump_json_line(*version)) +
                         " is not one this whygpu reads (it reads 1 to " + std::to_string(kind.version) + ")");
  if (kind.part) {
    const auto part = doc.find("part");
    const std::string theirs = part != doc.end() && part->is_string() ? part->get<std::string>() : "";
    if (theirs != kind.part)
      return Status::error("a recording of \"" + theirs + "\", not of \"" + kind.part + "\"");
  }
  const auto run = doc.find("run");
  if (run == doc.end() || !run->is_object())
    return Status::error("the " + std::string(kind.what) + " has no \"run\" object");
  return Status::ok();
}

}  // namespace whygpu::bench
