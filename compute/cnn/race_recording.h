#pragma once
// "The race" recorded on a GPU machine (`whygpu record`, part "race"), for the race panel
// on computers without a GPU: there it replays the recorded GPU lane in real time beside
// the live CPU lane, faded and labelled as recorded. Both lanes run at once while
// recording, as in the panel (the GPU lane's host thread competes with the CPU lane for
// the CPU, as it does there); the CPU lane is stopped once the GPU lane is done, since a
// CPU lane of another machine is not what the replay shows.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/bench/recording_file.h"
#include "compute/cnn/dataset.h"
#include "compute/cnn/race_lane.h"
#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

inline constexpr bench::RecordingKind kRaceRecording = bench::recording_part("race", "whygpu race recording");

struct RaceSettings {
  int epochs = 10;  // recorded: the race panel's most; a shorter race replays a prefix
  int batch = kDefaultBatch;
  float learning_rate = AdamConfig{}.learning_rate;
  std::uint64_t seed = TrainerOptions{}.seed;
  double test_every = 0.1;
};

struct RecordedLane {
  std::string trainer_name;         // "GPU: NVIDIA H100 80GB HBM3"
  double images_per_second = 0.0;   // median of the session's figure while it trained
  std::vector<RacePoint> points;
  bool finished = false;            // false: stopped before its last epoch
  double finish_seconds = 0.0;
};

struct RecordedRace {
  RaceSettings settings;
  std::string data_name;  // the training set's name
  int epoch_size = 0;     // its images
  RecordedLane gpu, cpu;  // cpu: stopped when the GPU lane finished
};

// What the replay of a recorded lane shows for a race of `epochs` epochs: its points up
// to there, and the time of the last (its finish). False when the lane did not get so far.
bool replay_lane(const RecordedLane& lane, int epochs, std::vector<RacePoint>* points, double* finish_seconds);

struct RaceRecording {
  bench::RunInfo run;
  std::vector<RecordedRace> races;
  // A race recorded with these settings for at least `epochs` epochs, or null.
  const RecordedRace* find(const RaceSettings& wanted) const;
};

// Runs the race on this machine's CPU and GPU (cpu_threads for the CPU lane) and keeps
// what the panel would show. An error when there is no GPU, or a lane fails.
Status record_race(const RaceSettings& settings, std::shared_ptr<const DatasetPair> data, int cpu_threads,
                   RecordedRace* out);

// Each race: its settings (epochs, batch and test_every above 0), its data and both lanes,
// a lane's points as three arrays of one length ("seconds" in order, "accuracy" a percentage).
void to_json(bench::Json& json, const RaceRecording& recording);
void from_json(const bench::Json& json, RaceRecording& recording);

}  // namespace whygpu::cnn
