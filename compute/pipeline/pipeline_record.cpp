#include "compute/pipeline/pipeline_record.h"

#include "compute/bench/bench_format.h"
#include "compute/bench/json.h"
#include "compute/bench/timing_json.h"
#include "compute/core/text_file.h"

namespace whygpu::pipeline {
namespace {

using bench::JsonValue;
using bench::timing_from_json;
using bench::timing_to_json;

// The timings of a step that were taken, by name.
constexpr std::pair<const char*, TimingStats StepTiming::*> kTimings[] = {
    {"cpu_image", &StepTiming::cpu_image}, {"cpu_batch", &StepTiming::cpu_batch},
    {"gpu_image", &StepTiming::gpu_image}, {"gpu_batch", &StepTiming::gpu_batch}};

}  // namespace

std::string pipeline_recording_json(const PipelineRecording& recording) {
  const PipelineTiming& t = recording.timing;
  JsonValue doc = bench::recording_header("whygpu-data-pipeline", kPipelineFormatVersion, recording.run);
  doc.set("photo", JsonValue::string(t.photo));
  doc.set("width", JsonValue::number(t.width));
  doc.set("height", JsonValue::number(t.height));
  doc.set("side", JsonValue::number(t.settings.side));
  doc.set("crop", JsonValue::number(t.settings.crop));
  doc.set("batch", JsonValue::number(kBatch));
  doc.set("gpu_measured", JsonValue::boolean(t.gpu_measured));
  if (!t.gpu_note.empty()) doc.set("gpu_note", JsonValue::string(t.gpu_note));
  doc.set("gpu_decoded", JsonValue::boolean(t.gpu_decoded));
  if (!t.decode_note.empty()) doc.set("decode_note", JsonValue::string(t.decode_note));
  JsonValue& steps = doc.set("steps", JsonValue::array());
  for (const Step step : kAllSteps) {
    const StepTiming& s = t.at(step);
    JsonValue j = JsonValue::object();
    j.set("step", JsonValue::string(step_name(step)));
    for (const auto& [key, member] : kTimings)
      if ((s.*member).repeats > 0) j.set(key, timing_to_json(s.*member));
    j.set("difference", JsonValue::number(s.difference));
    steps.push(std::move(j));
  }
  return doc.dump();
}

Status parse_pipeline_recording(std::string_view json_text, PipelineRecording* out) {
  JsonValue doc;
  if (Status s = bench::parse_document(json_text, "whygpu-data-pipeline", kPipelineFormatVersion,
                                       "whygpu data-pipeline recording", &doc);
      !s)
    return s;
  const JsonValue* steps = doc.find("steps");
  if (!steps || !steps->is_array() || steps->items().size() != kSteps)
    return Status::error("the recording needs a \"steps\" array of " + std::to_string(kSteps));
  PipelineRecording r;
  if (Status s = bench::recording_run(doc, "recording", &r.run); !s) return s;
  PipelineTiming& t = r.timing;
  t.photo = doc.get_string("photo");
  t.width = static_cast<int>(doc.get_number("width"));
  t.height = static_cast<int>(doc.get_number("height"));
  t.settings.side = static_cast<int>(doc.get_number("side"));
  t.settings.crop = static_cast<int>(doc.get_number("crop"));
  if (Status s = check_settings(t.settings); !s) return s.with_context("the recording's sizes");
  if (static_cast<int>(doc.get_number("batch")) != kBatch)
    return Status::error("the recording's batch is not " + std::to_string(kBatch));
  t.gpu_measured = doc.get_bool("gpu_measured");
  t.gpu_note = doc.get_string("gpu_note");
  t.gpu_decoded = doc.get_bool("gpu_decoded");
  t.decode_note = doc.get_string("decode_note");
  for (const Step step : kAllSteps) {
    const JsonValue& j = steps->items()[static_cast<std::size_t>(index_of(step))];
    const std::string context = std::string("step ") + step_name(step);
    if (!j.is_object() || j.get_string("step") != step_name(step))
      return Status::error(context + ": missing or out of order");
    StepTiming& s = t.at(step);
    const bool gpu_required = t.gpu_measured && (step != Step::decode || t.gpu_decoded);
    for (const auto& [key, member] : kTimings) {
      const bool required = std::string(key).rfind("gpu", 0) == 0 ? gpu_required : false;
      if (Status st = timing_from_json(j, key, required, &(s.*member)); !st) return st.with_context(context);
    }
    s.difference = j.get_number("difference");
  }
  *out = std::move(r);
  return Status::ok();
}

Status load_pipeline_recording(const std::string& path, PipelineRecording* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_pipeline_recording(text, out).with_context(path);
}

}  // namespace whygpu::pipeline
