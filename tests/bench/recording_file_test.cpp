// The common top of every recording: written, read back, and refused for the wrong part,
// a newer version or no run, with the file named.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "compute/bench/recording_file.h"
#include "compute/core/text_file.h"
#include "tests/core/special_files.h"
#include "tests/cnn/temp_dir.h"

namespace whygpu::bench {
namespace {

std::string temp_file(const std::string& name, const std::string& text) {
  const auto folder = std::filesystem::temp_directory_path() / "whygpu-recording-test";
  std::filesystem::create_directories(folder);
  const std::string path = (folder / name).string();
  std::ofstream(path) << text;
  return path;
}

TEST(RecordingFile, ReadsBackThePartAndItsRun) {
  RunInfo run;
  run.gpu_available = true;
  run.gpu_name = "Test GPU";
  run.date_utc = "2026-11-24T03:00:00Z";
  JsonValue doc = recording_document("grid", run);
  doc.set("launches", JsonValue::array());
  const std::string path = temp_file("grid.json", doc.dump());
  JsonValue back;
  RunInfo back_run;
  ASSERT_TRUE(load_recording(path, "grid", &back, &back_run));
  EXPECT_EQ(back_run.gpu_name, "Test GPU");
  EXPECT_NE(back.find("launches"), nullptr);
  EXPECT_EQ(recording_path("/x", "grid"), "/x/grid.json");
  EXPECT_EQ(back_run.recorded_label(), "recorded on Test GPU on 2026-11-24, not on this computer");
}

TEST(RecordingFile, RefusesWhatItCannotTrust) {
  JsonValue doc = recording_document("race", RunInfo{});
  const std::string race = temp_file("race.json", doc.dump());
  JsonValue out;
  RunInfo run;
  Status s = load_recording(race, "grid", &out, &run);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("a recording of \"race\", not of \"grid\""), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(race), std::string::npos);

  doc.set("format_version", JsonValue::number(kRecordingFormatVersion + 1));
  s = load_recording(temp_file("newer.json", doc.dump()), "race", &out, &run);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("is not one this whygpu reads"), std::string::npos) << s.message();

  s = load_recording(temp_file("bench.json", "{\"format\": \"whygpu-bench\"}"), "race", &out, &run);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("not a whygpu recording"), std::string::npos) << s.message();

  s = load_recording(temp_file("cut.json", "{\"format\": \"whygpu-rec"), "race", &out, &run);
  EXPECT_FALSE(s);
  s = load_recording("/nonexistent/whygpu/grid.json", "grid", &out, &run);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent/whygpu/grid.json"), std::string::npos) << s.message();
}

// A FIFO as a recorded GPU run hung the panel that opened it.
TEST(RecordingFile, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("grid.json");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  JsonValue out;
  RunInfo run;
  Status s = Status::ok();
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = load_recording(fifo, "grid", &out, &run); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::bench
