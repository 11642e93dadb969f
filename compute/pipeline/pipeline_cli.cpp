#include "compute/pipeline/pipeline_cli.h"

#include <cstdio>
#include <optional>

#include "compute/bench/run_info.h"
#include "compute/core/command_line.h"
#include "compute/core/text_file.h"
#include "compute/pipeline/pipeline_recording.h"

namespace whygpu::pipeline {
namespace {

struct PipelineCommand {
  std::string path = photo_path(), json_path;
  PipelineSettings settings;
  int repeats = 20;
};

const CommandAbout kAbout{
    "whygpu bench pipeline",
    N_("A photo through a training data pipeline: decode, resize, augment (rotate, zoom, mirror,\n"
       "crop), colour jitter, RGB to Y/Cb/Cr, normalise. Each step timed on one CPU core and on\n"
       "the GPU (nvJPEG for decoding, where it is installed), for one image and for a batch of\n"
       "256; every GPU result is checked against the CPU's first. The photo defaults to the one from\n"
       "mate-backgrounds ($WHYGPU_PIPELINE_PHOTO overrides it).\n")};

const Fields<PipelineCommand>& fields() {
  using C = PipelineCommand;
  static const Fields<C> table{
      text_field("image", &C::path, N_("the photo (a JPEG)")).shown_as("FILE"),
      whole_field<C>("side", [](C& c) -> int& { return c.settings.side; }, kMinSide, kMaxSide,
                     N_("the side the photo is resized to")).in_unit("pixels"),
      whole_field<C>("crop", [](C& c) -> int& { return c.settings.crop; }, kMinSide, kMaxSide,
                     N_("the side of the crop")).in_unit("pixels"),
      whole_field("repeats", &C::repeats, 1, 100000, N_("timed runs per measurement")),
      text_field("json", &C::json_path, N_("also record the run (the data-pipeline panel shows it without a GPU)"))
          .shown_as("FILE"),
  };
  return table;
}

std::string ms(const TimingStats& t) {
  if (t.repeats == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", t.median_ms);
  return text;
}

std::string ratio(const TimingStats& cpu, const TimingStats& gpu) {
  if (cpu.repeats == 0 || gpu.repeats == 0 || gpu.median_ms <= 0.0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1fx", cpu.median_ms / gpu.median_ms);
  return text;
}

}  // namespace

int run_pipeline_bench(const std::vector<std::string>& args) {
  PipelineCommand c;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &c)) return *exit_code;
  if (Status s = check_settings(c.settings); !s) {
    std::fprintf(stderr, "whygpu bench pipeline: %s\n", s.message().c_str());
    return 2;
  }
  const std::string &path = c.path, &json_path = c.json_path;
  const PipelineSettings& settings = c.settings;
  MeasureOptions options;
  options.repeats = c.repeats;
  options.budget_seconds = 2.0;

  std::string command = "whygpu bench pipeline";
  for (const std::string& a : args) command += " " + a;
  PipelineRecording recording;
  recording.run = bench::describe_this_run(command, 1);
  std::printf("# %s\n# GPU: %s\n# CPU: %s (one core)\n# photo: %s\n", command.c_str(),
              recording.run.gpu_summary().c_str(), recording.run.cpu_summary().c_str(), path.c_str());
  std::fflush(stdout);
  PipelineTiming& t = recording.timing;
  if (Status s = measure_pipeline(path, settings, options, &t); !s) {
    std::fprintf(stderr, "whygpu bench pipeline: %s\n", s.message().c_str());
    return 1;
  }
  std::printf("# %d x %d, resized to side %d, cropped to %d; batch of %d; times in ms (medians)\n", t.width, t.height,
              settings.side, settings.crop, kBatch);
  std::printf("%-18s %10s %10s %8s %12s %12s %8s %10s\n", "step", "cpu image", "gpu image", "ratio", "cpu batch",
              "gpu batch", "ratio", "gpu-cpu");
  for (const Step step : kAllSteps) {
    const StepTiming& s = t.at(step);
    std::printf("%-18s %10s %10s %8s %12s %12s %8s %10.2g\n", step_name(step), ms(s.cpu_image).c_str(),
                ms(s.gpu_image).c_str(), ratio(s.cpu_image, s.gpu_image).c_str(), ms(s.cpu_batch).c_str(),
                ms(s.gpu_batch).c_str(), ratio(s.cpu_batch, s.gpu_batch).c_str(), s.difference);
  }
  if (t.gpu_measured)
    std::printf("# all steps timed on both: the GPU is %.1fx as fast for one image, %.1fx for a batch\n",
                t.image_speedup(), t.batch_speedup());
  std::printf("# gpu-cpu: largest difference in levels (normalise: in its units; decode: the mean, two decoders)\n");
  if (!t.gpu_measured) std::printf("# GPU not timed: %s\n", t.gpu_note.c_str());
  else if (!t.gpu_decoded) std::printf("# nvJPEG not used: %s\n", t.decode_note.c_str());
  int code = recording.run.gpu_available && !t.gpu_measured ? 1 : 0;
  if (!json_path.empty()) {
    if (Status s = bench::save_recording(json_path, kPipelineRecording, recording); !s) {
      std::fprintf(stderr, "whygpu bench pipeline: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("# recorded in %s\n", json_path.c_str());
  }
  return code;
}

}  // namespace whygpu::pipeline
