#include "compute/cnn/race_recording.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "compute/bench/recording_file.h"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/cnn/training_session.h"

namespace whygpu::cnn {
namespace {

using bench::JsonValue;
using Clock = std::chrono::steady_clock;

// A recording made with the same recipe: same batch, seed, learning rate, test spacing.
bool same_recipe(const RaceSettings& a, const RaceSettings& b) {
  return a.batch == b.batch && a.seed == b.seed && std::fabs(a.learning_rate - b.learning_rate) <= 1e-9f &&
         std::fabs(a.test_every - b.test_every) < 1e-9;
}

JsonValue lane_to_json(const RecordedLane& lane) {
  JsonValue j = JsonValue::object();
  j.set("trainer", JsonValue::string(lane.trainer_name));
  j.set("images_per_second", JsonValue::number(lane.images_per_second));
  j.set("finished", JsonValue::boolean(lane.finished));
  j.set("finish_seconds", JsonValue::number(lane.finish_seconds));
  JsonValue seconds = JsonValue::array(), epoch = JsonValue::array(), accuracy = JsonValue::array();
  for (const RacePoint& p : lane.points) {
    seconds.push(JsonValue::number(p.seconds));
    epoch.push(JsonValue::number(p.epoch));
    accuracy.push(JsonValue::number(p.accuracy));
  }
  j.set("seconds", std::move(seconds));
  j.set("epoch", std::move(epoch));
  j.set("accuracy", std::move(accuracy));
  return j;
}

Status lane_from_json(const JsonValue* j, RecordedLane* out) {
  if (!j || !j->is_object()) return Status::error("no lane object");
  RecordedLane lane;
  lane.trainer_name = j->get_string("trainer");
  lane.images_per_second = j->get_number("images_per_second");
  lane.finished = j->get_bool("finished");
  lane.finish_seconds = j->get_number("finish_seconds");
  const JsonValue *s = j->find("seconds"), *e = j->find("epoch"), *a = j->find("accuracy");
  if (!s || !e || !a || !s->is_array() || !e->is_array() || !a->is_array() || s->items().size() != e->items().size() ||
      s->items().size() != a->items().size())
    return Status::error("seconds, epoch and accuracy must be arrays of one length");
  double last_seconds = 0.0;
  for (std::size_t i = 0; i < s->items().size(); ++i) {
    const RacePoint p{s->items()[i].as_number(), e->items()[i].as_number(), a->items()[i].as_number()};
    if (!s->items()[i].is_number() || p.seconds < last_seconds || p.accuracy < 0 || p.accuracy > 100)
      return Status::error("point " + std::to_string(i + 1) + " is out of order or not a percentage");
    last_seconds = p.seconds;
    lane.points.push_back(p);
  }
  *out = std::move(lane);
  return Status::ok();
}

}  // namespace

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
  gpu->wait_until_idle();
  cpu->wait_until_idle();

  RaceLane lanes[2];
  TrainingSession* sessions[2] = {gpu.get(), cpu.get()};
  std::vector<double> rates[2];
  for (RaceLane& lane : lanes) lane.start(settings.test_every);
  // Started together, as the panel starts them in one frame.
  for (TrainingSession* session : sessions) session->train_epochs(settings.epochs);
  const Clock::time_point start = Clock::now();
  const double limit_seconds = 600.0;
  SessionSnapshot snap;
  while (!lanes[0].finished()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const double now = std::chrono::duration<double>(Clock::now() - start).count();
    if (now > limit_seconds) return Status::error("the GPU lane did not finish its epochs in 600 s");
    for (int i = 0; i < 2; ++i) {
      snap = sessions[i]->snapshot();
      if (snap.message_is_error) return Status::error((i == 0 ? "GPU lane: " : "CPU lane: ") + snap.message);
      if (snap.state == SessionSnapshot::State::kRunning && snap.images_per_second > 0)
        rates[i].push_back(snap.images_per_second);
      if (lanes[i].follow(snap, now, settings.epochs)) sessions[i]->evaluate_now();
    }
  }
  cpu->pause();

  RecordedRace race;
  race.settings = settings;
  race.data_name = data->train.name;
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

bench::JsonValue race_recording_to_json(const RaceRecording& recording) {
  JsonValue doc = bench::recording_document(kRaceRecordingPart, recording.run);
  JsonValue& races = doc.set("races", JsonValue::array());
  for (const RecordedRace& r : recording.races) {
    JsonValue j = JsonValue::object();
    j.set("epochs", JsonValue::number(r.settings.epochs));
    j.set("batch", JsonValue::number(r.settings.batch));
    j.set("learning_rate", JsonValue::number(r.settings.learning_rate));
    j.set("seed", JsonValue::number(static_cast<double>(r.settings.seed)));
    j.set("test_every", JsonValue::number(r.settings.test_every));
    j.set("data", JsonValue::string(r.data_name));
    j.set("epoch_size", JsonValue::number(r.epoch_size));
    j.set("gpu", lane_to_json(r.gpu));
    j.set("cpu", lane_to_json(r.cpu));
    races.push(std::move(j));
  }
  return doc;
}

Status race_recording_from_json(const bench::JsonValue& doc, RaceRecording* out) {
  const JsonValue* races = doc.find("races");
  if (!races || !races->is_array()) return Status::error("the race recording has no \"races\" array");
  RaceRecording rec;
  for (std::size_t i = 0; i < races->items().size(); ++i) {
    const JsonValue& j = races->items()[i];
    RecordedRace r;
    r.settings.epochs = static_cast<int>(j.get_number("epochs"));
    r.settings.batch = static_cast<int>(j.get_number("batch"));
    r.settings.learning_rate = static_cast<float>(j.get_number("learning_rate"));
    r.settings.seed = static_cast<std::uint64_t>(j.get_number("seed"));
    r.settings.test_every = j.get_number("test_every");
    r.data_name = j.get_string("data");
    r.epoch_size = static_cast<int>(j.get_number("epoch_size"));
    if (r.settings.epochs < 1 || r.settings.batch < 1 || r.settings.test_every <= 0)
      return Status::error("race " + std::to_string(i + 1) + ": epochs, batch and test_every must be positive");
    if (Status s = lane_from_json(j.find("gpu"), &r.gpu); !s) return s.with_context("race " + std::to_string(i + 1) + ", gpu");
    if (Status s = lane_from_json(j.find("cpu"), &r.cpu); !s) return s.with_context("race " + std::to_string(i + 1) + ", cpu");
    rec.races.push_back(std::move(r));
  }
  *out = std::move(rec);
  return Status::ok();
}

}  // namespace whygpu::cnn
