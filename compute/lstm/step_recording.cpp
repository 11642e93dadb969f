#include "compute/lstm/step_recording.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/lstm/generator.h"
#include "compute/lstm/model_file.h"
#include "compute/lstm/text_generator.h"
#include "compute/lstm/utf8.h"

namespace whygpu::lstm {
namespace {

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

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RecordedGeneration, generator, step_us, text)

// The recording's members under their own names (the run is the recording's, read apart).
#define WHYGPU_STEP_MEMBERS model_steps, prime, temperature, seed, steps, gpu, cpu

void to_json(bench::Json& j, const StepRecording& r) { WHYGPU_JSON_WRITE_MEMBERS(j, r, WHYGPU_STEP_MEMBERS); }

void from_json(const bench::Json& j, StepRecording& out) {
  StepRecording r;
  j.at("model_steps");  // required, as steps and both generations are
  j.at("steps");
  for (const char* side : {"gpu", "cpu"})
    if (j.at(side).at("step_us").get<double>() < 0) bench::reject(j.at(side).at("step_us"), "must be 0 or more");
  WHYGPU_JSON_READ_MEMBERS(j, r, WHYGPU_STEP_MEMBERS);
  if (r.model_steps < 0) bench::reject(j.at("model_steps"), "must be 0 or more");
  if (r.steps < 1) bench::reject(j.at("steps"), "must be 1 or more");
  out = std::move(r);
}

}  // namespace whygpu::lstm
