#include "compute/pipeline/pipeline_recording.h"

#include "compute/bench/timing_json.h"

namespace whygpu::pipeline {
namespace {

// The timings of a step that were taken, by name.
constexpr std::pair<const char*, TimingStats StepTiming::*> kTimings[] = {
    {"cpu_image", &StepTiming::cpu_image}, {"cpu_batch", &StepTiming::cpu_batch},
    {"gpu_image", &StepTiming::gpu_image}, {"gpu_batch", &StepTiming::gpu_batch}};

// The timing's members at the top of the document (its steps follow, by name).
#define WHYGPU_PIPELINE_MEMBERS photo, width, height, gpu_measured, gpu_note, gpu_decoded, decode_note

}  // namespace

void to_json(bench::Json& j, const PipelineRecording& recording) {
  const PipelineTiming& t = recording.timing;
  WHYGPU_JSON_WRITE_MEMBERS(j, t, WHYGPU_PIPELINE_MEMBERS);
  WHYGPU_JSON_WRITE_MEMBERS(j, t.settings, side, crop);
  j["batch"] = kBatch;
  bench::Json& steps = j["steps"] = bench::Json::array();
  for (const Step step : kAllSteps) {
    const StepTiming& s = t.at(step);
    bench::Json row = {{"step", step_name(step)}, {"difference", s.difference}};
    for (const auto& [key, member] : kTimings)
      if ((s.*member).repeats > 0) row[key] = s.*member;
    steps.push_back(std::move(row));
  }
}

void from_json(const bench::Json& j, PipelineRecording& recording) {
  PipelineTiming t;
  WHYGPU_JSON_READ_MEMBERS(j, t, WHYGPU_PIPELINE_MEMBERS);
  t.settings.side = t.settings.crop = 0;  // required
  WHYGPU_JSON_READ_MEMBERS(j, t.settings, side, crop);
  if (Status s = check_settings(t.settings); !s) bench::reject(j, "the recording's sizes: " + s.message());
  if (j.value("batch", 0) != kBatch) bench::reject(j, "the recording's batch is not " + std::to_string(kBatch));
  const bench::Json& steps = bench::array_at(j, "steps");
  if (steps.size() != kSteps)
    bench::reject(steps, "expected " + std::to_string(kSteps) + " steps");
  for (const Step step : kAllSteps) {
    const bench::Json& row = steps[static_cast<std::size_t>(index_of(step))];
    if (row.value("step", std::string()) != step_name(step))
      bench::reject(row, std::string("expected the step \"") + step_name(step) + "\" here");
    StepTiming& s = t.at(step);
    const bool gpu_required = t.gpu_measured && (step != Step::decode || t.gpu_decoded);
    for (const auto& [key, member] : kTimings) {
      const bool required = std::string_view(key).substr(0, 3) == "gpu" && gpu_required;
      if (required) row.at(key).get_to(s.*member);
      else s.*member = row.value(key, s.*member);
    }
    s.difference = row.value("difference", s.difference);
  }
  recording.timing = std::move(t);
}

}  // namespace whygpu::pipeline
