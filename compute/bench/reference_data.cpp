#include "compute/bench/reference_data.h"


#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/bench/recording_file.h"
#include "compute/core/text_file.h"

namespace whygpu::bench {

using namespace whygpu::kernels;  // the measurements this module reads and prints

std::string ReferenceData::label() const { return run.recorded_label(/*sentence_start=*/true); }

std::vector<const Measurement*> ReferenceData::find(std::string_view benchmark,
                                                    std::string_view variant,
                                                    std::string_view phase) const {
  std::vector<const Measurement*> out;
  for (const auto& r : rows)
    if (r.state == RowState::Measured && r.benchmark == benchmark && r.variant == variant &&
        r.phase == phase)
      out.push_back(&r);
  return out;
}

Status parse_reference_data(std::string_view json_text, ReferenceData* out) {
  JsonValue doc;
  if (Status s = parse_json(json_text, &doc); !s) return s;
  if (!doc.is_object() || doc.get_string("format") != "whygpu-bench")
    return Status::error("not a whygpu bench file (no \"format\": \"whygpu-bench\")");
  const double version = doc.get_number("format_version", -1.0);
  if (version < 1.0 || version > kBenchFormatVersion)
    return Status::error("bench file format version " + std::to_string(static_cast<int>(version)) +
                         " is not one this whygpu reads (it reads 1 to " +
                         std::to_string(kBenchFormatVersion) + ")");
  const JsonValue* run = doc.find("run");
  const JsonValue* results = doc.find("results");
  if (!run || !run->is_object()) return Status::error("the bench file has no \"run\" object");
  if (!results || !results->is_array())
    return Status::error("the bench file has no \"results\" array");
  ReferenceData data;
  data.run = run_info_from_json(*run);
  if (const JsonValue* summary = doc.find("summary"); summary && summary->is_array())
    for (const auto& s : summary->items())
      if (s.is_string()) data.summary.push_back(s.as_string());
  for (std::size_t i = 0; i < results->items().size(); ++i) {
    Measurement m;
    if (Status s = row_from_json(results->items()[i], &m); !s)
      return s.with_context("result " + std::to_string(i + 1));
    data.rows.push_back(std::move(m));
  }
  *out = std::move(data);
  return Status::ok();
}

Status load_reference_data(const std::string& path, ReferenceData* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_reference_data(text, out).with_context(path);
}

}  // namespace whygpu::bench
