#include "compute/lstm/step_recording.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/lstm/generator.h"
#include "compute/lstm/model_file.h"
#include "compute/lstm/text_generator.h"
#include "compute/lstm/utf8.h"

namespace whygpu::lstm {
namespace {

using bench::JsonValue;

Status generate(std::unique_ptr<Generator> generator, const SavedModel& model, const StepRecording& r,
                RecordedGeneration* out) {
  out->generator = generator->description();
  TextGenerator text(std::move(generator), model.vocabulary, r.seed);
  std::u32string prime;
  if (Status s = decode_utf8(r.prime, "the prime", &prime); !s) return s;
  if (Status s = text.prime(prime, r.temperature); !s) return s;
  std::vector<double> times;
  for (int i = 0; i < r.steps; ++i) {
    const auto begin = std::chrono::steady_clock::now();
    if (Status s = text.step(r.temperature); !s) return s;
    times.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count());
  }
  out->step_us = median_of(std::move(times));
  out->text = text.text();
  return Status::ok();
}

JsonValue generation_to_json(const RecordedGeneration& g) {
  JsonValue j = JsonValue::object();
  j.set("generator", JsonValue::string(g.generator));
  j.set("step_us", JsonValue::number(g.step_us));
  j.set("text", JsonValue::string(g.text));
  return j;
}

Status generation_from_json(const JsonValue* j, RecordedGeneration* out) {
  if (!j || !j->is_object()) return Status::error("no generation object");
  out->generator = j->get_string("generator");
  out->step_us = j->get_number("step_us", -1.0);
  out->text = j->get_string("text");
  if (out->step_us < 0) return Status::error("a generation without its step time");
  return Status::ok();
}

}  // namespace

Status record_steps(const std::string& model_path, const std::string& prime, int steps, StepRecording* out) {
  if (Status s = require_gpu(); !s) return s;
  SavedModel model;
  if (Status s = load_model(model_path, &model); !s) return s;
  StepRecording r;
  r.model_steps = model.training_steps;
  r.prime = prime;
  r.steps = steps;
  std::unique_ptr<Generator> gpu, cpu;
  if (Status s = make_gpu_generator(model.weights, &gpu); !s) return s;
  if (Status s = make_cpu_generator(model.weights, &cpu); !s) return s;
  if (Status s = generate(std::move(gpu), model, r, &r.gpu); !s) return s.with_context("GPU");
  if (Status s = generate(std::move(cpu), model, r, &r.cpu); !s) return s.with_context("CPU");
  r.run = out->run;
  *out = std::move(r);
  return Status::ok();
}

bench::JsonValue step_recording_to_json(const StepRecording& r) {
  JsonValue doc = bench::recording_document(kStepRecordingPart, r.run);
  doc.set("model_steps", JsonValue::number(static_cast<double>(r.model_steps)));
  doc.set("prime", JsonValue::string(r.prime));
  doc.set("temperature", JsonValue::number(r.temperature));
  doc.set("seed", JsonValue::number(static_cast<double>(r.seed)));
  doc.set("steps", JsonValue::number(r.steps));
  doc.set("gpu", generation_to_json(r.gpu));
  doc.set("cpu", generation_to_json(r.cpu));
  return doc;
}

Status step_recording_from_json(const bench::JsonValue& doc, StepRecording* out) {
  StepRecording r;
  r.model_steps = static_cast<long long>(doc.get_number("model_steps", -1));
  r.prime = doc.get_string("prime");
  r.temperature = static_cast<float>(doc.get_number("temperature"));
  r.seed = static_cast<std::uint64_t>(doc.get_number("seed"));
  r.steps = static_cast<int>(doc.get_number("steps"));
  if (r.model_steps < 0 || r.steps < 1) return Status::error("the lstm recording names no model or no steps");
  if (Status s = generation_from_json(doc.find("gpu"), &r.gpu); !s) return s.with_context("gpu");
  if (Status s = generation_from_json(doc.find("cpu"), &r.cpu); !s) return s.with_context("cpu");
  *out = std::move(r);
  return Status::ok();
}

}  // namespace whygpu::lstm
