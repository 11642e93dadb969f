#pragma once
// The pipeline timed step by step on one CPU core and on the GPU, side by side in one run,
// for one image and for a batch of kBatch: `whygpu bench pipeline` and the data-pipeline
// panel both call measure_pipeline. CPU steps are timed with the project's CPU timer; GPU
// steps with CUDA events after warm-up (medians), each GPU result first checked against the
// CPU's. Decoding is the exception on the GPU: nvJPEG does part of its work (reading the
// Huffman codes) on the CPU, so its time is the wall time until the pixels are on the GPU.
#include <array>
#include <string>
#include <vector>

#include "compute/core/measure.h"
#include "compute/core/status.h"
#include "compute/pipeline/pipeline.h"

namespace whygpu::pipeline {

struct StepTiming {
  TimingStats cpu_image, cpu_batch;  // one CPU core (repeats 0: not timed)
  TimingStats gpu_image, gpu_batch;  // repeats 0: not timed (no GPU, no nvJPEG)
  // Largest |GPU - CPU| over the batch (levels of 0..255; the normalised step in its own
  // units); for decode the mean over the pixels, as two JPEG decoders round differently.
  double difference = 0.0;
};

struct PipelineTiming {
  std::string photo;          // the file's name
  int width = 0, height = 0;  // the photo's
  PipelineSettings settings;
  std::array<StepTiming, kSteps> steps;
  bool gpu_measured = false;  // false: gpu_note says why
  std::string gpu_note;
  bool gpu_decoded = false;   // nvJPEG decoded on the GPU; false: decode_note says why
  std::string decode_note;

  StepTiming& at(Step s) { return steps[static_cast<std::size_t>(index_of(s))]; }
  const StepTiming& at(Step s) const { return steps[static_cast<std::size_t>(index_of(s))]; }
  // Sums over the steps timed on both sides: how many times as fast the GPU is for a
  // batch (and for one image); 0 when nothing was timed on both.
  double batch_speedup() const;
  double image_speedup() const;
};

// The CPU's batch outputs, kept to check the GPU's against (and to feed each kernel the
// CPU's input, so a difference is that kernel's own).
struct CpuOutputs {
  Picture decoded;
  int rw = 0, rh = 0;
  std::vector<std::uint8_t> resized, augmented, jittered, planes;  // kBatch images each
  std::vector<float> normalised;
};

// Reads and times the photo at `path`. Fails when the photo cannot be read, the settings
// are bad, host memory runs out or options.cancel is set; a GPU that is missing or fails
// leaves gpu_measured false with the reason.
Status measure_pipeline(const std::string& path, const PipelineSettings& settings, const MeasureOptions& options,
                        PipelineTiming* out);

// The GPU half (pipeline_gpu_bench.cu): `jpeg` the file's bytes, `decoded` the CPU's pixels.
Status measure_pipeline_gpu(const std::string& jpeg, const Picture& decoded, const PipelineSettings& settings,
                            const CpuOutputs& cpu, const MeasureOptions& options, PipelineTiming* out);

// Options for the batch timings, from the per-image ones: fewer repeats, the same cancel.
MeasureOptions batch_options(const MeasureOptions& image);

}  // namespace whygpu::pipeline
