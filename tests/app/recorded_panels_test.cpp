// The GPU panels on a computer without a GPU, with recordings at hand: the thread-grid
// pages take SMs, times and the runtime's refusal from the recording, and every page that
// shows a recording renders without errors. The recordings are written here by the test,
// with made-up values and a made-up GPU name; real ones come from `whygpu record` on a GPU
// machine. Without a GPU only (on a GPU machine the panels show live results instead).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "app/cli/cli_options.h"
#include "app/lesson/lesson_library.h"
#include "app/shell/run_headless.h"
#include "app/shell/shell.h"
#include "compute/bench/recording_file.h"
#include "compute/cnn/race_recording.h"
#include "compute/core/gpu_info.h"
#include "compute/core/text_file.h"
#include "compute/grid/grid_recording.h"
#include "compute/kernel_lab/lab_recording.h"

namespace whygpu::app {
namespace {

std::string source_dir() {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  return source && *source ? source : WHYGPU_SOURCE_DIR;
}

bench::RunInfo made_up_run() {
  bench::RunInfo run;
  run.gpu_available = true;
  run.gpu_name = "Made-up test GPU";
  run.date_utc = "2026-01-02T03:04:05Z";
  return run;
}

// The waves page's launch (4096 blocks on 132 SMs, four rounds) and the 1024-limit page's.
void write_grid(const std::string& folder) {
  grid::GridRecording rec;
  rec.run = made_up_run();
  rec.device = grid::documented_h100();
  grid::RecordedLaunch waves;
  waves.request.config.n = 1048576;
  waves.request.config.block = {256, 1, 1};
  waves.request.options.work_iterations = 20000;
  waves.launched = true;
  waves.kernel_ms = 0.5;
  for (std::uint32_t b = 0; b < 4096; ++b) {
    const std::uint64_t start = (b / 1056) * 120000ull;
    waves.blocks.push_back({start, start, start + 110000, b % 132, 1});
  }
  waves.occupancy = grid::occupancy_from_limits(rec.device, waves.request.config, 0);
  grid::RecordedLaunch refused;
  refused.request.config.n = 500000;
  refused.request.config.block = {500000, 1, 1};
  refused.request.config.grid_auto = false;
  refused.runtime_error = "cudaErrorInvalidValue: made-up words";
  refused.runtime_call = "paint_threads<<<1, 500000>>>";
  rec.launches = {waves, refused};
  ASSERT_TRUE(bench::save_recording(bench::recording_path(folder, grid::kGridRecording.part), grid::kGridRecording, rec));
}

void write_race(const std::string& folder) {
  cnn::RaceRecording rec;
  rec.run = made_up_run();
  cnn::RecordedRace race;
  race.gpu.trainer_name = "GPU: made-up";
  for (int i = 1; i <= 100; ++i) race.gpu.points.push_back({0.01 * i, 0.1 * i, 50.0 + 0.4 * i});
  race.gpu.finished = true;
  race.gpu.finish_seconds = 1.0;
  rec.races = {race};
  ASSERT_TRUE(bench::save_recording(bench::recording_path(folder, cnn::kRaceRecording.part), cnn::kRaceRecording, rec));
}

void write_lab(const std::string& folder) {
  kernel_lab::LabRecording rec;
  rec.run = made_up_run();
  rec.tries = kernel_lab::lab_recording_plan();
  for (kernel_lab::RecordedTry& t : rec.tries) t.report.run = kernel_lab::RunState::Refused;
  ASSERT_TRUE(bench::save_recording(bench::recording_path(folder, kernel_lab::kLabRecording.part),
                                    kernel_lab::kLabRecording, rec));
}

std::string render(const std::string& lesson) {
  CliOptions options;
  options.headless = true;
  options.width = 1280;
  options.height = 720;
  options.frames = 4;  // the launch's log line comes on the frame after it
  options.screenshot = (std::filesystem::temp_directory_path() / "whygpu-recorded-panels" / (lesson + ".png")).string();
  Shell shell(LessonLibrary::load(source_dir() + "/lessons"), Settings{}, true);
  EXPECT_TRUE(shell.open_lesson(lesson));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(shell.answer_prediction("skip"));  // the panels open once asked
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_headless(shell, options, nullptr), 0);
  const std::string log = testing::internal::GetCapturedStderr();
  for (const std::string& error : shell.current_errors()) ADD_FAILURE() << lesson << ": " << error;
  return log;
}

TEST(RecordedPanels, WithoutAGpuThePagesShowTheRecording) {
  if (gpu_info().available) GTEST_SKIP() << "a GPU is here: the panels show live results";
  // The recordings go where a user's own would replace the shipped ones (app/files/file_locations.h).
  const auto data_home = std::filesystem::temp_directory_path() / "whygpu-recorded-panels-data";
  const auto folder = data_home / "whygpu" / bench::kRecordingFolder;
  std::filesystem::create_directories(folder);
  write_grid(folder.string());
  write_race(folder.string());
  write_lab(folder.string());
  setenv("XDG_DATA_HOME", data_home.c_str(), 1);  // before any panel reads a recording

  std::string log = render("waves");
  EXPECT_NE(log.find("no GPU: SMs and times of the recorded launch, 4096 blocks"), std::string::npos) << log;
  log = render("block-limit");
  EXPECT_NE(log.find("no GPU: refused on the recorded GPU: cudaErrorInvalidValue: made-up words"), std::string::npos)
      << log;
  log = render("threads-blocks-grids");
  EXPECT_NE(log.find("no GPU: no recorded launch of this configuration"), std::string::npos) << log;
  for (const char* lesson : {"occupancy", "cnn-race", "write-a-kernel"}) render(lesson);
}

}  // namespace
}  // namespace whygpu::app
