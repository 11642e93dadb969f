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
    return Status::error(
        Wording::sentence(N_("not a {0} (no \"format\": \"{1}\")"), {kind.what, kind.format}));
  const auto version = doc.find("format_version");
  const double number = version != doc.end() && version->is_number() ? version->get<double>() : -1.0;
  if (!(number >= 1.0 && number <= kind.version))
    return Status::error(Wording::sentence(
        N_("{0} format version {1} is not one this whygpu reads (it reads 1 to {2})"),
        {kind.what,
         version == doc.end() ? Wording::sentence(N_("(none)")) : Wording(dump_json_line(*version)),
         std::to_string(kind.version)}));
  if (kind.part) {
    const auto part = doc.find("part");
    const std::string theirs = part != doc.end() && part->is_string() ? part->get<std::string>() : "";
    if (theirs != kind.part)
      return Status::error(
          Wording::sentence(N_("a recording of \"{0}\", not of \"{1}\""), {theirs, kind.part}));
  }
  const auto run = doc.find("run");
  if (run == doc.end() || !run->is_object())
    return Status::error(Wording::sentence(N_("the {0} has no \"run\" object"), {kind.what}));
  return Status::ok();
}

}  // namespace whygpu::bench
