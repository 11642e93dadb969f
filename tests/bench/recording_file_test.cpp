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

}  // namespace

// A recording of the smallest kind: the run and one member of its own.
struct Launches {
  RunInfo run;
  std::vector<int> launches;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Launches, launches)

namespace {

constexpr RecordingKind kGrid = recording_part("grid", "whygpu grid recording");
constexpr RecordingKind kRace = recording_part("race", "whygpu race recording");

TEST(RecordingFile, ReadsBackThePartAndItsRun) {
  Launches written;
  written.run.gpu_available = true;
  written.run.gpu_name = "Test GPU";
  written.run.date_utc = "2026-11-24T03:00:00Z";
  written.launches = {1, 2, 3};
  const std::string path = temp_file("grid.json", "");
  ASSERT_TRUE(save_recording(path, kGrid, written));
  Launches back;
  ASSERT_TRUE(load_recording(path, kGrid, &back));
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  EXPECT_EQ(back.launches, written.launches);
  EXPECT_EQ(recording_path("/x", "grid"), "/x/grid.json");
  EXPECT_EQ(back.run.recorded_label(), "recorded on Test GPU on 2026-11-24, not on this computer");
  const std::string text = recording_text(kGrid, written);
  for (const char* member : {"\"format\": \"whygpu-recording\"", "\"format_version\": 1", "\"part\": \"grid\"", "\"run\": {"})
    EXPECT_NE(text.find(member), std::string::npos) << member;
}

TEST(RecordingFile, RefusesWhatItCannotTrust) {
  const std::string race = temp_file("race.json", recording_text(kRace, Launches{}));
  Launches out;
  Status s = load_recording(race, kGrid, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("a recording of \"race\", not of \"grid\""), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(race), std::string::npos);

  Json doc = Json(Launches{});
  doc.update(recording_header(kRace, RunInfo{}));
  doc["format_version"] = kRace.version + 1;
  s = load_recording(temp_file("newer.json", dump_json(doc)), kRace, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("is not one this whygpu reads"), std::string::npos) << s.message();

  doc.erase("run");
  doc["format_version"] = 1;
  s = load_recording(temp_file("no-run.json", dump_json(doc)), kRace, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("has no \"run\" object"), std::string::npos) << s.message();

  s = load_recording(temp_file("bench.json", "{\"format\": \"whygpu-bench\"}"), kRace, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("not a whygpu race recording"), std::string::npos) << s.message();

  s = load_recording(temp_file("cut.json", "{\"format\": \"whygpu-rec"), kRace, &out);
  EXPECT_FALSE(s);
  s = load_recording("/nonexistent/whygpu/grid.json", kGrid, &out);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent/whygpu/grid.json"), std::string::npos) << s.message();
}

// A FIFO as a recorded GPU run hung the panel that opened it.
TEST(RecordingFile, AFifoIsRefusedAtOnce) {
  cnn::testing::TempDir dir;
  const std::string fifo = dir.file("grid.json");
  ASSERT_TRUE(whygpu::testing::make_fifo(fifo));
  Launches out;
  Status s = Status::ok();
  ASSERT_TRUE(whygpu::testing::returns_quickly(fifo, [&] { s = load_recording(fifo, kGrid, &out); }));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fifo + ": is a named pipe (FIFO)"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::bench
