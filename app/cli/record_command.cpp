// `whygpu record [--all | --part P,...] [--out DIR] [--check]`: each part is recorded by the module
// that owns it; this file picks the parts, finds what they need (the lessons' launches,
// the data, the example models) and writes the files.
#include "app/cli/record_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>

#include "app/cnn/cnn_data.h"
#include "app/files/recorded_gpu.h"
#include "app/grid/thread_grid_request.h"
#include "app/lesson/lesson_library.h"
#include "app/lstm/lstm_workspace.h"
#include "app/panels/panel_registry.h"
#include "app/shell/training_threads.h"
#include "compute/bench/recording_file.h"
#include "compute/cnn/answers_recording.h"
#include "compute/cnn/race_recording.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/grid/grid_recording.h"
#include "compute/kernel_lab/lab_recording.h"
#include "compute/lstm/step_recording.h"

namespace whygpu::app {
namespace {

const char* const kParts[] = {grid::kGridRecording.part, cnn::kRaceRecording.part, kernel_lab::kLabRecording.part,
                              lstm::kStepRecording.part, cnn::kAnswersRecording.part};

// Characters the LSTM writes after the prime, and test images whose answers are kept.
constexpr int kRecordedLstmSteps = 200;
constexpr int kRecordedCnnAnswers = 50;

struct RecordCommand {
  std::vector<std::string> parts;
  std::string folder = recorded_gpu_folder();
  bool check = false;
};

const CommandAbout kAbout{
    "whygpu record",
    N_("On a machine with an NVIDIA GPU, records what the GPU panels show, for the same panels\n"
       "on computers without one, which show it faded and labelled with this machine and date.\n"
       "Give --all or --part. One JSON file per part in --out:\n"
       "  grid        every thread-grid launch of the lessons and their suggested variants:\n"
       "              per block its SM, start and end; refusals in the runtime's words;\n"
       "              occupancy, and the device's limits\n"
       "  race        the CNN race (CPU and GPU lanes at once), batches 64 and 256, 10 epochs\n"
       "  kernel-lab  each exercise's starting code on the GPU, and the lesson's experiments\n"
       "  lstm        the example LSTM writing 200 characters on the GPU and the CPU, timed\n"
       "  cnn         the example CNN's test accuracy and time, and its first 50 answers,\n"
       "              with how far the GPU's feature maps are from the CPU's\n")};

Status add_parts(RecordCommand& c, const std::string& list_text) {
  std::stringstream list(list_text);
  for (std::string part; std::getline(list, part, ',');) {
    if (std::find(std::begin(kParts), std::end(kParts), part) == std::end(kParts))
      return Status::error("no part named '" + part + "' (grid, race, kernel-lab, lstm, cnn)");
    c.parts.push_back(part);
  }
  return Status::ok();
}

const Fields<RecordCommand>& fields() {
  using C = RecordCommand;
  static const Fields<C> table{
      switch_field<C>("all", &C::parts, std::vector<std::string>(std::begin(kParts), std::end(kParts)),
                      N_("record every part")),
      parsed_field<C>("part", "", add_parts, N_("record these parts (the list above)"))
          .shown_as("PART[,PART...]")
          .for_example("grid"),
      text_field("out", &C::folder, N_("the folder of the parts")).shown_as("DIR"),
      flag_field("check", &C::check,
                 N_("read the parts in --out back as the panels will, and say what each holds (no GPU needed)")),
  };
  return table;
}

// The launches every `@panel thread-grid` line of the lessons makes first, then the
// changes their text and the panel's buttons suggest: the presets "256" and "1025";
// for the heavy (waves and occupancy) launches 40 KiB of shared memory, blocks of 32 and
// of 1024, four times the blocks, and no heavy work. Each launch once.
std::vector<grid::LaunchRequest> lesson_launches(std::string* error) {
  const LessonLibrary library = LessonLibrary::load(default_lessons_folder());
  std::vector<grid::LaunchRequest> base;
  for (const Lesson& lesson : library.lessons())
    for (const LessonBlock& block : lesson.blocks) {
      if (block.kind != LessonBlock::Kind::panel || block.panel_type != "thread-grid") continue;
      std::vector<Wording> problems;
      const PanelParams params = PanelParams::check(thread_grid_panel_type().params, "thread-grid", block.params, &problems);
      if (!problems.empty()) {
        *error = lesson.file + ": " + problems.front().english();
        return {};
      }
      base.push_back(thread_grid_request(params));
    }
  if (base.empty()) *error = "no lesson under " + library.folder() + " opens a thread-grid panel";
  std::vector<grid::LaunchRequest> all;
  grid::GridRecording seen;
  auto add = [&](const grid::LaunchRequest& r) {
    if (!grid::validate(r.config) || seen.find(r)) return;
    grid::RecordedLaunch planned;
    planned.request = r;
    seen.launches.push_back(planned);
    all.push_back(r);
  };
  for (const grid::LaunchRequest& lesson : base) add(lesson);
  for (const grid::LaunchRequest& lesson : base) {
    for (std::int64_t threads : {256, 1025}) {
      grid::LaunchRequest preset = lesson;
      preset.config.block = {threads, 1, 1};
      preset.config.grid_auto = true;
      add(preset);
    }
    if (lesson.options.work_iterations == 0) continue;
    grid::LaunchRequest shared = lesson, small = lesson, large = lesson, more = lesson, light = lesson;
    shared.options.dynamic_shared_bytes = 40 * 1024;
    small.config.block = {32, 1, 1};
    large.config.block = {1024, 1, 1};
    more.config.n = lesson.config.n * 4;
    light.options.work_iterations = 0;
    for (const grid::LaunchRequest& r : {shared, small, large, more, light}) add(r);
  }
  return all;
}

Status record_grid(grid::GridRecording* out) {
  std::string error;
  const std::vector<grid::LaunchRequest> requests = lesson_launches(&error);
  if (!error.empty()) return Status::error(error);
  if (Status s = grid::record_launches(requests, out); !s) return s;
  for (const grid::RecordedLaunch& l : out->launches)
    std::printf("  %-32s %s\n", grid::launch_syntax(l.request.config).c_str(),
                l.launched ? ("ran, " + std::to_string(l.blocks.size()) + " blocks, kernel " +
                              std::to_string(l.kernel_ms) + " ms, " + std::to_string(l.occupancy.waves) + " waves")
                                 .c_str()
                           : ("refused: " + l.runtime_error).c_str());
  return Status::ok();
}

Status record_race_part(cnn::RaceRecording* out) {
  std::shared_ptr<const cnn::DatasetPair> data;
  if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) return s;
  for (int batch : {cnn::kDefaultBatch, 256}) {
    cnn::RaceSettings settings;
    settings.batch = batch;
    cnn::RecordedRace race;
    if (Status s = cnn::record_race(settings, data, training_threads(), &race); !s)
      return s.with_context("batch " + std::to_string(batch));
    std::printf("  batch %d: GPU lane %d epochs in %.2f s (%.0f images/s), %.2f%%; CPU lane at epoch %.2f then\n", batch,
                settings.epochs, race.gpu.finish_seconds, race.gpu.images_per_second,
                race.gpu.points.empty() ? 0.0 : race.gpu.points.back().accuracy,
                race.cpu.points.empty() ? 0.0 : race.cpu.points.back().epoch);
    out->races.push_back(std::move(race));
  }
  return Status::ok();
}

Status record_lab_part(kernel_lab::LabRecording* out) {
  if (Status s = kernel_lab::record_lab(out); !s) return s;
  for (const kernel_lab::RecordedTry& t : out->tries)
    std::printf("  %-11s %-26s %s\n", t.request.exercise.c_str(), t.what.c_str(), kernel_lab::summarize(t.report).english().c_str());
  return Status::ok();
}

template <typename T>
Status write(const std::string& folder, const bench::RecordingKind& kind, const T& recording) {
  const std::string path = bench::recording_path(folder, kind.part);
  const std::string text = bench::recording_text(kind, recording);
  if (Status s = write_file_atomically(path, text); !s) return s;
  std::printf("  wrote %s (%zu bytes)\n", path.c_str(), text.size());
  return Status::ok();
}

Status record_part(const std::string& part, const bench::RunInfo& run, const std::string& folder) {
  if (part == grid::kGridRecording.part) {
    grid::GridRecording rec;
    rec.run = run;
    if (Status s = record_grid(&rec); !s) return s;
    return write(folder, grid::kGridRecording, rec);
  }
  if (part == cnn::kRaceRecording.part) {
    cnn::RaceRecording rec;
    rec.run = run;
    if (Status s = record_race_part(&rec); !s) return s;
    return write(folder, cnn::kRaceRecording, rec);
  }
  if (part == lstm::kStepRecording.part) {
    lstm::StepRecording rec;
    rec.run = run;
    if (Status s = lstm::record_steps(lstm_ui::example_model_path(), lstm::kStepViewPrime, kRecordedLstmSteps, &rec); !s)
      return s;
    std::printf("  one step: %.1f us on the GPU, %.1f us on the CPU; the GPU wrote: %s\n", rec.gpu.step_us,
                rec.cpu.step_us, rec.gpu.text.c_str());
    return write(folder, lstm::kStepRecording, rec);
  }
  if (part == cnn::kAnswersRecording.part) {
    std::shared_ptr<const cnn::DatasetPair> data;
    if (Status s = cnn_ui::load_data(cnn_ui::DataRequest{}, &data); !s) return s;
    cnn::AnswersRecording rec;
    rec.run = run;
    if (Status s = cnn::record_answers(cnn_ui::example_weights_path(), *data, kRecordedCnnAnswers, training_threads(), &rec);
        !s)
      return s;
    double worst = 0.0;
    for (const cnn::RecordedAnswer& a : rec.answers) worst = std::max(worst, a.max_map_difference);
    std::printf("  test set: %.2f%% on the GPU in %.2f ms (CPU %.1f ms); maps within %.2g of the CPU's\n",
                rec.gpu_test_accuracy, rec.gpu_test_ms, rec.cpu_test_ms, worst);
    return write(folder, cnn::kAnswersRecording, rec);
  }
  kernel_lab::LabRecording rec;
  rec.run = run;
  if (Status s = record_lab_part(&rec); !s) return s;
  return write(folder, kernel_lab::kLabRecording, rec);
}

// Reads a part back with the parser its panel uses and says what it holds.
Status check_part(const std::string& part, const std::string& folder) {
  const std::string path = bench::recording_path(folder, part);
  bench::RunInfo run;
  std::string holds;
  if (part == grid::kGridRecording.part) {
    grid::GridRecording rec;
    if (Status s = bench::load_recording(path, grid::kGridRecording, &rec); !s) return s;
    run = rec.run;
    std::size_t refused = 0, blocks = 0;
    for (const grid::RecordedLaunch& l : rec.launches) {
      refused += l.runtime_error.empty() ? 0 : 1;
      blocks += l.blocks.size();
    }
    holds = std::to_string(rec.launches.size()) + " launches (" + std::to_string(refused) + " refused), " +
            std::to_string(blocks) + " blocks, " + std::to_string(rec.device.sm_count) + " SMs, " +
            std::to_string(rec.device.sm.registers_per_thread) + " registers a thread";
  } else if (part == cnn::kRaceRecording.part) {
    cnn::RaceRecording rec;
    if (Status s = bench::load_recording(path, cnn::kRaceRecording, &rec); !s) return s;
    run = rec.run;
    for (const cnn::RecordedRace& r : rec.races) {
      if (!holds.empty()) holds += "; ";
      holds += "batch " + std::to_string(r.settings.batch) + ": " + std::to_string(r.gpu.points.size()) +
               " GPU test points, " + std::to_string(r.settings.epochs) + " epochs in " +
               std::to_string(r.gpu.finish_seconds) + " s";
    }
  } else if (part == lstm::kStepRecording.part) {
    lstm::StepRecording rec;
    if (Status s = bench::load_recording(path, lstm::kStepRecording, &rec); !s) return s;
    run = rec.run;
    holds = std::to_string(rec.steps) + " steps of the model trained " + std::to_string(rec.model_steps) +
            " steps; one step " + std::to_string(rec.gpu.step_us) + " us on the GPU";
  } else if (part == cnn::kAnswersRecording.part) {
    cnn::AnswersRecording rec;
    if (Status s = bench::load_recording(path, cnn::kAnswersRecording, &rec); !s) return s;
    run = rec.run;
    holds = std::to_string(rec.answers.size()) + " answers of weights " + rec.weights + ", test accuracy " +
            std::to_string(rec.gpu_test_accuracy) + "%";
  } else {
    kernel_lab::LabRecording rec;
    if (Status s = bench::load_recording(path, kernel_lab::kLabRecording, &rec); !s) return s;
    run = rec.run;
    holds = std::to_string(rec.tries.size()) + " tries";
  }
  std::printf("%s: %s; %s\n", path.c_str(), holds.c_str(), run.recorded_label().c_str());
  return Status::ok();
}

}  // namespace

int run_record_command(const std::vector<std::string>& args) {
  RecordCommand c;
  if (const std::optional<int> exit_code = parse_options(kAbout, fields(), args, &c)) return *exit_code;
  const std::vector<std::string>& parts = c.parts;
  const std::string& folder = c.folder;
  const bool check = c.check;
  if (parts.empty()) {
    std::fprintf(stderr, "whygpu record: name the parts to record (--part) or --all (whygpu record --help)\n");
    return 2;
  }
  if (check) {
    int failed = 0;
    for (const std::string& part : parts)
      if (Status s = check_part(part, folder); !s) {
        std::fprintf(stderr, "whygpu record: %s\n", s.message().c_str());
        ++failed;
      }
    return failed == 0 ? 0 : 1;
  }
  if (Status s = require_gpu(); !s) {
    std::fprintf(stderr, "whygpu record: %s: a recording is made on a GPU\n", s.message().c_str());
    return 1;
  }
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    std::fprintf(stderr, "whygpu record: cannot make %s: %s\n", folder.c_str(), ec.message().c_str());
    return 1;
  }
  std::string command = "whygpu record";
  for (const std::string& a : args) command += " " + a;
  const bench::RunInfo run = bench::describe_this_run(command, 0);
  std::printf("Recording on %s; %s\n", run.gpu_summary().c_str(), run.cpu_summary().c_str());
  int failed = 0;
  for (const std::string& part : parts) {
    std::printf("%s:\n", part.c_str());
    std::fflush(stdout);
    if (Status s = record_part(part, run, folder); !s) {
      std::fprintf(stderr, "whygpu record: %s: %s\n", part.c_str(), s.message().c_str());
      ++failed;
    }
    std::fflush(stdout);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace whygpu::app
