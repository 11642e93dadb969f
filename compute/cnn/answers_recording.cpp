#include "compute/cnn/answers_recording.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/trainer.h"
#include "compute/cnn/weights_file.h"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {
namespace {

using Clock = std::chrono::steady_clock;

// The test set on `trainer`, timed.
Status test(Trainer& trainer, const Dataset& data, Evaluation* out, double* ms) {
  const Clock::time_point begin = Clock::now();
  if (Status s = trainer.evaluate(data, out); !s) return s;
  *ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
  return Status::ok();
}

}  // namespace

std::string weights_fingerprint(const std::vector<float>& params) {
  std::uint64_t hash = 1469598103934665603ull;
  for (float v : params) {
    unsigned char bytes[sizeof(float)];
    std::memcpy(bytes, &v, sizeof bytes);
    for (unsigned char b : bytes) hash = (hash ^ b) * 1099511628211ull;
  }
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

const RecordedAnswer* AnswersRecording::find(int image) const {
  for (const RecordedAnswer& a : answers)
    if (a.image == image) return &a;
  return nullptr;
}

Status record_answers(const std::string& weights_path, const DatasetPair& data, int images, int cpu_threads,
                      AnswersRecording* out) {
  if (Status s = require_gpu(); !s) return s;
  std::vector<float> params;
  if (Status s = load_weights(weights_path, &params); !s) return s;
  TrainerOptions options;
  options.cpu_threads = cpu_threads;
  std::unique_ptr<GpuTrainer> gpu;
  std::unique_ptr<Trainer> cpu;
  if (Status s = create_gpu_trainer(options, &gpu); !s) return s;
  if (Status s = create_cpu_trainer(options, &cpu); !s) return s;
  for (Trainer* t : {static_cast<Trainer*>(gpu.get()), cpu.get()})
    if (Status s = t->set_parameters(params); !s) return s;

  AnswersRecording r;
  r.weights = weights_fingerprint(params);
  r.gpu_trainer = gpu->name();
  r.cpu_trainer = cpu->name();
  r.test_images = data.test.count;
  Evaluation gpu_eval, cpu_eval;
  if (Status s = test(*gpu, data.test, &gpu_eval, &r.gpu_test_ms); !s) return s.with_context("GPU");  // warm-up
  if (Status s = test(*gpu, data.test, &gpu_eval, &r.gpu_test_ms); !s) return s.with_context("GPU");
  if (Status s = test(*cpu, data.test, &cpu_eval, &r.cpu_test_ms); !s) return s.with_context("CPU");
  r.gpu_test_accuracy = 100.0 * gpu_eval.accuracy;
  for (int i = 0; i < std::min(images, data.test.count); ++i) {
    Inference g, c;
    if (Status s = gpu->infer(data.test.image(i), &g); !s) return s;
    if (Status s = cpu->infer(data.test.image(i), &c); !s) return s;
    RecordedAnswer a;
    a.image = i;
    a.label = data.test.labels[static_cast<std::size_t>(i)];
    a.predicted = g.predicted;
    a.probability = g.probabilities[static_cast<std::size_t>(g.predicted)];
    for (std::size_t layer = 0; layer < g.activations.size(); ++layer) {
      if (g.activations[layer].size() != c.activations[layer].size())
        return Status::error(Wording::sentence(N_("layer {0} has a different size on the GPU and the CPU"),
                                               {std::to_string(layer)}));
      for (std::size_t k = 0; k < g.activations[layer].size(); ++k)
        a.max_map_difference = std::max(a.max_map_difference,
                                         static_cast<double>(std::fabs(g.activations[layer][k] - c.activations[layer][k])));
    }
    r.answers.push_back(a);
  }
  r.run = out->run;
  *out = std::move(r);
  return Status::ok();
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RecordedAnswer, image, label, predicted, probability, max_map_difference)

// The recording's members under their own names (the run is the recording's, read apart).
#define WHYGPU_ANSWERS_MEMBERS \
  weights, gpu_trainer, cpu_trainer, test_images, gpu_test_accuracy, gpu_test_ms, cpu_test_ms, answers

void to_json(bench::Json& j, const AnswersRecording& r) { WHYGPU_JSON_WRITE_MEMBERS(j, r, WHYGPU_ANSWERS_MEMBERS); }

void from_json(const bench::Json& j, AnswersRecording& r) {
  if (j.at("weights").get<std::string>().empty()) bench::reject(j.at("weights"), "names no weights");
  bench::array_at(j, "answers");
  WHYGPU_JSON_READ_MEMBERS(j, r, WHYGPU_ANSWERS_MEMBERS);
  for (std::size_t i = 0; i < r.answers.size(); ++i)
    if (r.answers[i].image < 0 || r.answers[i].predicted < 0 || r.answers[i].predicted >= kClasses)
      bench::reject(j["answers"][i], "an answer needs its image and a class from 0 to " + std::to_string(kClasses - 1));
}

}  // namespace whygpu::cnn
