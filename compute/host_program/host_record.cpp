#include "compute/host_program/host_record.h"

#include "compute/bench/bench_format.h"
#include "compute/core/text_file.h"

namespace whygpu::host_program {

using bench::JsonValue;

const RecordedProgram* HostRecording::find(Mistake mistake) const {
  for (const RecordedProgram& p : programs)
    if (p.mistake == mistake) return &p;
  return nullptr;
}

std::string host_recording_json(const HostRecording& r) {
  JsonValue doc = bench::recording_header("whygpu-host-program", kHostFormatVersion, r.run);
  doc.set("n", JsonValue::number(static_cast<double>(r.n)));
  doc.set("threads", JsonValue::number(r.threads));
  JsonValue& programs = doc.set("programs", JsonValue::array());
  for (const RecordedProgram& p : r.programs) {
    JsonValue j = JsonValue::object();
    j.set("mistake", JsonValue::string(mistake_info(p.mistake).key));
    if (!p.failure.empty()) j.set("failure", JsonValue::string(p.failure));
    JsonValue& steps = j.set("steps", JsonValue::array());
    for (const StepResult& s : p.steps) steps.push(result_to_json(s));
    programs.push(std::move(j));
  }
  return doc.dump();
}

Status parse_host_recording(std::string_view json_text, HostRecording* out) {
  JsonValue doc;
  if (Status s = bench::parse_document(json_text, "whygpu-host-program", kHostFormatVersion,
                                       "whygpu host-program recording", &doc);
      !s)
    return s;
  if (doc.get_number("format_version") < kHostFormatVersion)
    return Status::error("this recording was made before the program's warm-up launch (format " +
                         std::to_string(static_cast<int>(doc.get_number("format_version"))) +
                         "): record it again with whygpu host-program --record FILE on a GPU machine");
  const JsonValue* programs = doc.find("programs");
  if (!programs || !programs->is_array()) return Status::error("the recording has no \"programs\" array");
  HostRecording r;
  if (Status s = bench::recording_run(doc, "recording", &r.run); !s) return s;
  r.n = static_cast<long long>(doc.get_number("n", 0));
  r.threads = static_cast<int>(doc.get_number("threads", 0));
  if (Status s = check_options({r.n, r.threads, Mistake::None}); !s) return s.with_context("the recording's sizes");
  for (std::size_t i = 0; i < programs->items().size(); ++i) {
    const JsonValue& j = programs->items()[i];
    const std::string where = "program " + std::to_string(i);
    RecordedProgram p;
    if (!find_mistake(j.get_string("mistake"), &p.mistake))
      return Status::error(where + ": unknown mistake '" + j.get_string("mistake") + "'");
    p.failure = j.get_string("failure");
    const JsonValue* steps = j.find("steps");
    if (!steps || !steps->is_array()) return Status::error(where + ": no \"steps\" array");
    const std::size_t lines = program_steps({r.n, r.threads, p.mistake}).size();
    if (steps->items().size() > lines)
      return Status::error(where + ": " + std::to_string(steps->items().size()) + " steps for a program of " +
                           std::to_string(lines) + " lines");
    for (std::size_t k = 0; k < steps->items().size(); ++k) {
      StepResult s;
      if (Status st = result_from_json(steps->items()[k], &s); !st) return st.with_context(where + ", step " + std::to_string(k));
      if (s.index != static_cast<int>(k)) return Status::error(where + ", step " + std::to_string(k) + ": its index is " + std::to_string(s.index));
      p.steps.push_back(std::move(s));
    }
    r.programs.push_back(std::move(p));
  }
  *out = std::move(r);
  return Status::ok();
}

Status load_host_recording(const std::string& path, HostRecording* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_host_recording(text, out).with_context(path);
}

}  // namespace whygpu::host_program
