// The race's lanes followed from snapshots, and the recorded race: its replay for a shorter
// race, finding it by recipe, and its file read back. The recorded values here are made up
// for the test; a real recording comes from `whygpu record` on a GPU machine.
#include <gtest/gtest.h>

#include "compute/bench/json.h"
#include "compute/cnn/race_lane.h"
#include "compute/cnn/race_recording.h"

namespace whygpu::cnn {
namespace {

SessionSnapshot at(long images, int epoch_size, std::vector<CurvePoint> tests) {
  SessionSnapshot s;
  s.progress.images_seen = images;
  s.progress.epoch_size = epoch_size;
  s.progress.epochs_completed = static_cast<int>(images / epoch_size);
  s.test_accuracy = std::move(tests);
  return s;
}

TEST(RaceLane, AsksForTestsBetweenEpochEndsAndFinishesOnTheLastEpochsTest) {
  RaceLane lane;
  lane.start(0.25);
  EXPECT_FALSE(lane.follow(at(100, 1000, {}), 0.5, 1));
  EXPECT_TRUE(lane.follow(at(260, 1000, {}), 1.0, 1));   // past 0.25: test now
  EXPECT_FALSE(lane.follow(at(300, 1000, {}), 1.1, 1));  // the next is at 0.5
  EXPECT_FALSE(lane.follow(at(300, 1000, {{0.26, 0.5f}}), 1.2, 1));
  ASSERT_EQ(lane.points().size(), 1u);
  EXPECT_DOUBLE_EQ(lane.points()[0].seconds, 1.2);
  EXPECT_DOUBLE_EQ(lane.points()[0].accuracy, 50.0);
  // The epoch's end is tested by the session itself: no request near it.
  EXPECT_FALSE(lane.follow(at(990, 1000, {{0.26, 0.5f}}), 2.0, 1));
  EXPECT_FALSE(lane.finished());
  EXPECT_FALSE(lane.follow(at(1000, 1000, {{0.26, 0.5f}, {1.0, 0.9f}}), 2.5, 1));
  EXPECT_TRUE(lane.finished());
  EXPECT_DOUBLE_EQ(lane.finish_seconds(), 2.5);
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

}  // namespace
}  // namespace whygpu::cnn
