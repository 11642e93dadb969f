// The race's lanes followed from snapshots, and the recorded race: its replay for a shorter
// race, finding it by recipe, and its file read back. The recorded values here are made up
// for the test; a real recording comes from `whygpu record` on a GPU machine.
#include <gtest/gtest.h>

#include <cstdlib>

#include "compute/bench/json.h"
#include "compute/bench/recording_file.h"
#include "compute/cnn/race_lane.h"
#include "compute/cnn/race_recording.h"

namespace whygpu::cnn {
namespace {

SessionSnapshot at(int epochs_completed, std::vector<CurvePoint> tests) {
  SessionSnapshot s;
  s.progress.epochs_completed = epochs_completed;
  s.test_accuracy = std::move(tests);
  return s;
}

// A lane's points are timed by the session's own stamps, not by when they were looked at.
TEST(RaceLane, TimesEachTestByItsStampAndFinishesOnTheLastEpochsTest) {
  RaceLane lane;
  lane.start(100.0);
  lane.follow(at(0, {}), 1);
  EXPECT_TRUE(lane.points().empty());
  lane.follow(at(0, {{0.25, 0.5f, 100.4}, {0.5, 0.75f, 100.6}}), 1);
  ASSERT_EQ(lane.points().size(), 2u);
  EXPECT_DOUBLE_EQ(lane.points()[0].seconds, 100.4 - 100.0);
  EXPECT_DOUBLE_EQ(lane.points()[1].seconds, 100.6 - 100.0);
  EXPECT_DOUBLE_EQ(lane.points()[1].epoch, 0.5);
  EXPECT_DOUBLE_EQ(lane.points()[1].accuracy, 75.0);
  EXPECT_FALSE(lane.finished());
  lane.follow(at(1, {{0.25, 0.5f, 100.4}, {0.5, 0.75f, 100.6}, {1.0, 0.9f, 101.5}}), 1);
  ASSERT_EQ(lane.points().size(), 3u) << "each test taken once";
  EXPECT_TRUE(lane.finished());
  EXPECT_DOUBLE_EQ(lane.finish_seconds(), 1.5);
}

RecordedRace made_up_race(int batch) {
  RecordedRace r;
  r.settings.batch = batch;
  r.settings.epochs = 3;
  r.data_name = "digits";
  r.epoch_size = 8000;
  r.gpu.trainer_name = "GPU: test";
  r.gpu.images_per_second = 1e5;
  for (int i = 1; i <= 30; ++i) r.gpu.points.push_back({0.01 * i, 0.1 * i, 50.0 + i});
  r.gpu.finished = true;
  r.gpu.finish_seconds = 0.3;
  r.cpu.trainer_name = "CPU: test";
  r.cpu.points.push_back({0.2, 0.1, 40.0});
  return r;
}

TEST(RaceRecording, ReplaysAShorterRaceAsThePrefixOfTheRecordedOne) {
  const RecordedRace race = made_up_race(64);
  std::vector<RacePoint> points;
  double finish = 0.0;
  ASSERT_TRUE(replay_lane(race.gpu, 1, &points, &finish));
  EXPECT_EQ(points.size(), 10u);
  EXPECT_DOUBLE_EQ(finish, 0.1);
  ASSERT_TRUE(replay_lane(race.gpu, 3, &points, &finish));
  EXPECT_DOUBLE_EQ(finish, 0.3);
  EXPECT_FALSE(replay_lane(race.gpu, 4, &points, &finish));  // never got so far
}

TEST(RaceRecording, FindsARaceByItsRecipeAndLength) {
  RaceRecording rec;
  rec.races = {made_up_race(64), made_up_race(256)};
  RaceSettings wanted;
  wanted.epochs = 2;
  wanted.batch = 256;
  EXPECT_EQ(rec.find(wanted), &rec.races[1]);
  wanted.batch = 128;
  EXPECT_EQ(rec.find(wanted), nullptr);
  wanted.batch = 64;
  wanted.epochs = 5;
  EXPECT_EQ(rec.find(wanted), nullptr);
  wanted.epochs = 1;
  wanted.seed = 2;
  EXPECT_EQ(rec.find(wanted), nullptr);
}

TEST(RaceRecording, RoundTripsThroughJson) {
  RaceRecording rec;
  rec.run.gpu_name = "Test GPU";
  rec.races = {made_up_race(64)};
  bench::Json doc;
  ASSERT_TRUE(bench::parse_json(bench::recording_text(kRaceRecording, rec), &doc));
  EXPECT_EQ(doc["part"], "race");
  RaceRecording back;
  ASSERT_TRUE(bench::read_recording(doc, kRaceRecording, &back));
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  ASSERT_EQ(back.races.size(), 1u);
  const RecordedRace& r = back.races[0];
  EXPECT_EQ(r.settings.batch, 64);
  EXPECT_FLOAT_EQ(r.settings.learning_rate, AdamConfig{}.learning_rate);
  ASSERT_EQ(r.gpu.points.size(), 30u);
  EXPECT_DOUBLE_EQ(r.gpu.points[29].accuracy, 80.0);
  EXPECT_EQ(r.gpu.trainer_name, "GPU: test");
  EXPECT_TRUE(r.gpu.finished);
  EXPECT_FALSE(r.cpu.finished);
  // Points out of time order are refused.
  ASSERT_DOUBLE_EQ(doc["races"][0]["gpu"]["seconds"][1].get<double>(), 0.02);
  doc["races"][0]["gpu"]["seconds"][0] = 0.05;
  const Status refused = bench::read_recording(doc, kRaceRecording, &back);
  EXPECT_EQ(refused.message(), "field 'races[0].gpu.seconds[1]': goes back in time");
}

// The race shown without a GPU is the shipped recording: both its lanes must have a test
// point every test_every epochs (to the first step past it), as the lesson says ("each dot
// stands for the same amount of work in both lanes"). A GPU lane followed by polling got a
// point an epoch (it trained past the others between two looks).
TEST(RaceRecording, TheShippedRaceTestsBothLanesAtTheSameAmountsOfWork) {
  const char* source = std::getenv("WHYGPU_SOURCE_DIR");
  const std::string folder = std::string(source ? source : ".") + "/" + bench::kRecordingFolder;
  RaceRecording recording;
  const Status loaded = bench::load_recording(bench::recording_path(folder, kRaceRecording.part), kRaceRecording,
                                              &recording);
  ASSERT_TRUE(loaded) << loaded.message();
  ASSERT_FALSE(recording.races.empty());
  for (const RecordedRace& race : recording.races) {
    const double step = static_cast<double>(race.settings.batch) / race.epoch_size;
    const double widest = race.settings.test_every + step + 1e-9;
    for (const RecordedLane* lane : {&race.gpu, &race.cpu}) {
      double before = 0.0;
      for (const RacePoint& p : lane->points) {
        EXPECT_LE(p.epoch - before, widest) << lane->trainer_name << ", batch " << race.settings.batch
                                            << ": no test between epoch " << before << " and " << p.epoch;
        before = p.epoch;
      }
    }
    ASSERT_TRUE(race.gpu.finished);
    EXPECT_DOUBLE_EQ(race.gpu.points.back().epoch, race.settings.epochs);
  }
}

}  // namespace
}  // namespace whygpu::cnn
