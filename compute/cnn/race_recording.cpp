#include "compute/cnn/race_recording.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/cnn/training_session.h"

namespace whygpu::cnn {
namespace {

using Clock = std::chrono::steady_clock;

// A recording made with the same recipe: same batch, seed, learning rate, test spacing.
bool same_recipe(const RaceSettings& a, const RaceSettings& b) {
  return a.batch == b.batch && a.seed == b.seed && std::fabs(a.learning_rate - b.learning_rate) <= 1e-9f &&
         std::fabs(a.test_every - b.test_every) < 1e-9;
}

}  // namespace

// A lane's members under their own names; its trainer_name is "trainer", its points three arrays.
#define WHYGPU_LANE_MEMBERS images_per_second, finished, finish_seconds
// A race's settings, at the race's level.
#define WHYGPU_RACE_SETTINGS epochs, batch, learning_rate, seed, test_every

void to_json(bench::Json& j, const RecordedLane& lane) {
  WHYGPU_JSON_WRITE_MEMBERS(j, lane, WHYGPU_LANE_MEMBERS);
  j["trainer"] = lane.trainer_name;
  std::vector<double> seconds, epoch, accuracy;
  for (const RacePoint& p : lane.points) {
    seconds.push_back(p.seconds);
    epoch.push_back(p.epoch);
    accuracy.push_back(p.accuracy);
  }
  j["seconds"] = seconds;
  j["epoch"] = epoch;
  j["accuracy"] = accuracy;
}

void from_json(const bench::Json& j, RecordedLane& out) {
  RecordedLane lane;
  WHYGPU_JSON_READ_MEMBERS(j, lane, WHYGPU_LANE_MEMBERS);
  lane.trainer_name = j.value("trainer", lane.trainer_name);
  const auto seconds = j.at("seconds").get<std::vector<double>>();
  const auto epoch = j.at("epoch").get<std::vector<double>>();
  const auto accuracy = j.at("accuracy").get<std::vector<double>>();
  if (epoch.size() != seconds.size() || accuracy.size() != seconds.size())
    bench::reject(j, "seconds, epoch and accuracy must be arrays of one length");
  double last_seconds = 0.0;
  for (std::size_t i = 0; i < seconds.size(); ++i) {
    const RacePoint p{seconds[i], epoch[i], accuracy[i]};
    if (p.seconds < last_seconds) bench::reject(j["seconds"][i], "goes back in time");
    if (p.accuracy < 0 || p.accuracy > 100) bench::reject(j["accuracy"][i], "not a percentage");
    last_seconds = p.seconds;
    lane.points.push_back(p);
  }
  out = std::move(lane);
}

void to_json(bench::Json& j, const RecordedRace& r) {
  WHYGPU_JSON_WRITE_MEMBERS(j, r.settings, WHYGPU_RACE_SETTINGS);
  WHYGPU_JSON_WRITE_MEMBERS(j, r, epoch_size, gpu, cpu);
  j["data"] = r.data_name;
}

void from_json(const bench::Json& j, RecordedRace& out) {
  RecordedRace r;
  r.settings.epochs = r.settings.batch = 0;  // required, as test_every is
  r.settings.test_every = 0.0;
  j.at("gpu");
  j.at("cpu");
  WHYGPU_JSON_READ_MEMBERS(j, r.settings, WHYGPU_RACE_SETTINGS);
  WHYGPU_JSON_READ_MEMBERS(j, r, epoch_size, gpu, cpu);
  r.data_name = j.value("data", r.data_name);
  if (r.settings.epochs < 1 || r.settings.batch < 1 || !(r.settings.test_every > 0))
    bench::reject(j, "epochs, batch and test_every must be positive");
  out = std::move(r);
}

bool replay_lane(const RecordedLane& lane, int epochs, std::vector<RacePoint>* points, double* finish_seconds) {
  points->clear();
  for (const RacePoint& p : lane.points)
    if (p.epoch <= epochs + 1e-9) points->push_back(p);
  if (points->empty() || points->back().epoch < epochs - 1e-9) return false;
  *finish_seconds = points->back().seconds;
  return true;
}

const RecordedRace* RaceRecording::find(const RaceSettings& wanted) const {
  for (const RecordedRace& r : races) {
    double finish = 0.0;
    std::vector<RacePoint> points;
    if (same_recipe(r.settings, wanted) && replay_lane(r.gpu, wanted.epochs, &points, &finish)) return &r;
  }
  return nullptr;
}

Status record_race(const RaceSettings& settings, std::shared_ptr<const DatasetPair> data, int cpu_threads,
                   RecordedRace* out) {
  if (Status s = require_gpu(); !s) return s;
  TrainerOptions options;
  options.seed = settings.seed;
  options.batch_size = settings.batch;
  options.adam.learning_rate = settings.learning_rate;
  options.cpu_threads = cpu_threads;
  std::unique_ptr<TrainingSession> gpu, cpu;
  if (Status s = TrainingSession::create(Backend::kGpu, options, data, &gpu); !s) return s.with_context("GPU lane");
  if (Status s = TrainingSession::create(Backend::kCpu, options, data, &cpu); !s) return s.with_context("CPU lane");
  RaceLane lanes[2];
  TrainingSession* sessions[2] = {gpu.get(), cpu.get()};
  // The panel's lanes are prepared before the race starts (the data on the device, the
  // first launches made: its GPU lane tested first after 8 ms on an H200); a fresh session's
  // first step also pays for those (its first test came after 135 ms). One step and a reset
  // to the same seed, so that the recording times the race, not the start-up.
  for (TrainingSession* session : sessions) session->step(1);
  const Clock::time_point warming = Clock::now();
  for (TrainingSession* session : sessions)
    while (session->snapshot().progress.steps < 1 && !session->snapshot().message_is_error) {
      if (Clock::now() - warming > std::chrono::seconds(120))
        return Status::error(Wording::sentence(N_("a lane did not take its first step in 120 s")));
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  for (TrainingSession* session : sessions) {
    session->reset(settings.seed);
    session->wait_until_idle();
  }

  std::vector<double> rates[2];
  // Started together, as the panel starts them in one frame.
  const double start_clock = steady_clock_seconds();
  for (RaceLane& lane : lanes) lane.start(start_clock);
  for (TrainingSession* session : sessions) session->train_epochs(settings.epochs, settings.test_every);
  const Clock::time_point start = Clock::now();
  const double limit_seconds = 600.0;
  SessionSnapshot snap;
  while (!lanes[0].finished()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const double now = std::chrono::duration<double>(Clock::now() - start).count();
    if (now > limit_seconds)
      return Status::error(Wording::sentence(N_("the GPU lane did not finish its epochs in 600 s")));
    for (int i = 0; i < 2; ++i) {
      snap = sessions[i]->snapshot();
      if (snap.message_is_error)
        return Status::error(
            Wording::sentence(i == 0 ? N_("GPU lane: {0}") : N_("CPU lane: {0}"), {snap.message}));
      if (snap.state == SessionSnapshot::State::kRunning && snap.images_per_second > 0)
        rates[i].push_back(snap.images_per_second);
      lanes[i].follow(snap, settings.epochs);
    }
  }
  cpu->pause();

  RecordedRace race;
  race.settings = settings;
  race.data_name = data->train.name.english();
  race.epoch_size = snap.progress.epoch_size;
  RecordedLane* recorded[2] = {&race.gpu, &race.cpu};
  for (int i = 0; i < 2; ++i) {
    recorded[i]->trainer_name = sessions[i]->snapshot().trainer_name;
    recorded[i]->images_per_second = median_of(rates[i]);
    recorded[i]->points = lanes[i].points();
    recorded[i]->finished = lanes[i].finished();
    recorded[i]->finish_seconds = lanes[i].finish_seconds();
  }
  *out = std::move(race);
  return Status::ok();
}

void to_json(bench::Json& j, const RaceRecording& recording) { j = {{"races", recording.races}}; }

void from_json(const bench::Json& j, RaceRecording& recording) { bench::array_at(j, "races").get_to(recording.races); }

}  // namespace whygpu::cnn
