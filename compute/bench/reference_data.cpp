#include "compute/bench/reference_data.h"

#include "compute/bench/bench_format.h"
#include "compute/bench/recording_file.h"

namespace whygpu::bench {

using namespace whygpu::kernels;  // the measurements this module reads and prints

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

void to_json(Json& json, const ReferenceData& data) {
  json = {{"summary", data.summary}, {"results", data.rows}};
}

void from_json(const Json& json, ReferenceData& data) {
  data.summary = json.value("summary", std::vector<std::string>{});
  json.at("results").get_to(data.rows);
}

Status parse_reference_data(std::string_view json_text, ReferenceData* out) {
  return parse_recording(json_text, kBenchRecording, out);
}

Status load_reference_data(const std::string& path, ReferenceData* out) {
  return load_recording(path, kBenchRecording, out);
}

}  // namespace whygpu::bench
