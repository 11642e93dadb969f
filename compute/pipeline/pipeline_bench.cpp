#include "compute/pipeline/pipeline_bench.h"

#include <algorithm>
#include <filesystem>

#include "compute/core/gpu_info.h"
#include "compute/pipeline/pipeline_cpu.h"

namespace whygpu::pipeline {
namespace {

double speedup(const PipelineTiming& t, TimingStats StepTiming::*cpu, TimingStats StepTiming::*gpu) {
  if (!t.gpu_measured) return 0.0;
  double c = 0.0, g = 0.0;
  for (const StepTiming& s : t.steps)
    if ((s.*cpu).repeats > 0 && (s.*gpu).repeats > 0) {
      c += (s.*cpu).median_ms;
      g += (s.*gpu).median_ms;
    }
  return g > 0.0 ? c / g : 0.0;
}

// The CPU side: each step timed on image 0, then on the whole batch (whose outputs are kept).
Status measure_cpu(const std::string& path, const PipelineSettings& s, const MeasureOptions& options,
                   PipelineTiming* out, CpuOutputs* cpu) {
  const MeasureOptions batch = batch_options(options);
  Picture decoded;
  if (Status st = time_cpu(options, [&](int) { return cpu_decode(path, &decoded); }, &out->at(Step::decode).cpu_image);
      !st)
    return st;
  // The batch decodes the same file kBatch times; its warm-up decodes it once (the decoder
  // is warm already from the per-image runs) and the batch is timed once: seconds on one core.
  MeasureOptions once = batch;
  once.repeats = 1;
  if (Status st = time_cpu(
          once,
          [&](int run) {
            const int images = run < once.warmup ? 1 : kBatch;
            for (int i = 0; i < images; ++i)
              if (Status d = cpu_decode(path, &decoded); !d) return d;
            return Status::ok();
          },
          &out->at(Step::decode).cpu_batch);
      !st)
    return st;
  out->width = decoded.width;
  out->height = decoded.height;
  cpu->decoded = decoded;
  resized_size(decoded.width, decoded.height, s.side, &cpu->rw, &cpu->rh);
  const int rw = cpu->rw, rh = cpu->rh;
  const std::size_t rsize = static_cast<std::size_t>(rw) * rh * 3;
  const std::size_t n = static_cast<std::size_t>(s.crop) * s.crop;
  cpu->resized.assign(rsize * kBatch, 0);
  cpu->augmented.assign(n * 3 * kBatch, 0);
  cpu->jittered.assign(n * 3 * kBatch, 0);
  cpu->planes.assign(n * 3 * kBatch, 0);
  cpu->normalised.assign(n * 3 * kBatch, 0.0f);

  // One body per step, over images [0, count).
  const auto resize = [&](int count) {
    for (int i = 0; i < count; ++i)
      cpu_resize(decoded.pixels.data(), decoded.width, decoded.height, cpu->resized.data() + i * rsize, rw, rh);
  };
  const auto augment = [&](int count) {
    for (int i = 0; i < count; ++i) cpu_augment(cpu->resized.data() + i * rsize, rw, rh, s, i, cpu->augmented.data() + i * n * 3);
  };
  const auto jitter = [&](int count) {
    for (int i = 0; i < count; ++i)
      cpu_jitter(cpu->augmented.data() + i * n * 3, rw, rh, s, i, cpu->jittered.data() + i * n * 3);
  };
  const auto colour = [&](int count) {
    for (int i = 0; i < count; ++i) cpu_ycbcr(cpu->jittered.data() + i * n * 3, n, cpu->planes.data() + i * n * 3);
  };
  const auto normalise = [&](int count) {
    for (int i = 0; i < count; ++i) cpu_normalise(cpu->planes.data() + i * n * 3, n, cpu->normalised.data() + i * n * 3);
  };
  const std::pair<Step, std::function<void(int)>> steps[] = {
      {Step::resize, resize}, {Step::augment, augment}, {Step::jitter, jitter}, {Step::colour, colour},
      {Step::normalise, normalise}};
  // Each step timed on image 0, then on the batch, before the next step reads its output.
  for (const auto& [step, run] : steps) {
    const std::function<void(int)>& body = run;  // clang 14 lets no lambda capture a structured binding
    if (Status st = time_cpu(options, [&](int) { body(1); return Status::ok(); }, &out->at(step).cpu_image); !st)
      return st;
    if (Status st = time_cpu(batch, [&](int) { body(kBatch); return Status::ok(); }, &out->at(step).cpu_batch); !st)
      return st;
  }
  return Status::ok();
}

}  // namespace

double PipelineTiming::batch_speedup() const { return speedup(*this, &StepTiming::cpu_batch, &StepTiming::gpu_batch); }
double PipelineTiming::image_speedup() const { return speedup(*this, &StepTiming::cpu_image, &StepTiming::gpu_image); }

MeasureOptions batch_options(const MeasureOptions& image) {
  MeasureOptions b = image;
  b.warmup = 1;
  b.repeats = std::max(1, image.repeats / 4);
  b.min_repeats = 1;
  return b;
}

Status measure_pipeline(const std::string& path, const PipelineSettings& settings, const MeasureOptions& options,
                        PipelineTiming* out) {
  if (Status s = check_settings(settings); !s) return s;
  *out = PipelineTiming{};
  out->settings = settings;
  out->photo = std::filesystem::path(path).filename().string();
  std::string jpeg;
  if (Status s = read_photo_bytes(path, &jpeg); !s) return s;
  CpuOutputs cpu;
  if (Status s = measure_cpu(path, settings, options, out, &cpu); !s) return s;
  if (Status s = require_gpu(); !s) {
    out->gpu_note = s.message();
    return Status::ok();
  }
  if (Status s = measure_pipeline_gpu(jpeg, cpu.decoded, settings, cpu, options, out); !s) {
    if (is_cancelled(s)) return s;
    out->gpu_measured = false;
    out->gpu_note = s.message();
  }
  return Status::ok();
}

}  // namespace whygpu::pipeline
