#include "compute/cnn/training_session.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "compute/cnn/weights_file.h"

namespace whygpu::cnn {
namespace {

constexpr double kChunkSeconds = 0.03;    // commands wait at most about this long
constexpr std::size_t kMaxCurvePoints = 4000;

// Keeps a curve short enough to draw every frame: when it grows too long, neighbouring
// points are merged pairwise (their mean), halving it.
void append_point(std::vector<CurvePoint>* curve, CurvePoint point) {
  curve->push_back(point);
  if (curve->size() <= kMaxCurvePoints) return;
  std::vector<CurvePoint> merged;
  merged.reserve(curve->size() / 2 + 1);
  for (std::size_t i = 0; i + 1 < curve->size(); i += 2)
    merged.push_back({((*curve)[i].epoch + (*curve)[i + 1].epoch) / 2, ((*curve)[i].value + (*curve)[i + 1].value) / 2,
                      ((*curve)[i].clock_seconds + (*curve)[i + 1].clock_seconds) / 2});
  if (curve->size() % 2) merged.push_back(curve->back());
  *curve = std::move(merged);
}

// The sampler opens the next epoch only when a batch no longer fits in the current one
// (the few images left over wait for a later shuffle), so it counts an epoch only once
// the next has begun. Here an epoch with no room for another batch is finished.
bool epoch_finished(const TrainProgress& p, int batch) {
  return p.epoch_size > 0 && p.epoch_position > 0 && p.epoch_position + batch > p.epoch_size;
}

int finished_epochs(const TrainProgress& p, int batch) { return p.epochs_completed + (epoch_finished(p, batch) ? 1 : 0); }

// x of the curves: whole epochs at an epoch's end, else the share of this epoch's images.
double epochs_of(const TrainProgress& p, int batch) {
  if (p.epoch_size <= 0) return 0.0;
  if (epoch_finished(p, batch)) return finished_epochs(p, batch);
  return p.epochs_completed + static_cast<double>(p.epoch_position) / p.epoch_size;
}

// What the snapshot shows: an epoch counted as soon as it is finished, and then nothing
// of the next one yet (the next batch opens it).
TrainProgress published(TrainProgress p, int batch) {
  if (epoch_finished(p, batch)) {
    ++p.epochs_completed;
    p.epoch_position = 0;
  }
  return p;
}

// Steps that take `p` at batch `batch` to `epoch` (fractional) or just past it: at least one.
int steps_to_reach(const TrainProgress& p, int batch, double epoch) {
  const double images = (epoch - epochs_of(p, batch)) * p.epoch_size;
  return std::max(1, static_cast<int>(std::ceil(images / batch - 1e-9)));
}

}  // namespace

double steady_clock_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int steps_for_epochs(const TrainProgress& p, int batch, int epochs) {
  if (p.epoch_size <= 0 || batch <= 0 || epochs <= 0) return 0;
  const int per_epoch = std::max(1, p.epoch_size / batch);
  const bool fresh = p.epoch_position == 0 || epoch_finished(p, batch);
  const int left_in_this = fresh ? per_epoch : std::max(1, (p.epoch_size - p.epoch_position) / batch);
  return left_in_this + (epochs - 1) * per_epoch;
}

Status TrainingSession::create(Backend backend, const TrainerOptions& options,
                               std::shared_ptr<const DatasetPair> data, std::unique_ptr<TrainingSession>* out) {
  if (!data) return Status::error(Wording::sentence(N_("training session: no data set")));
  std::unique_ptr<TrainingSession> session(new TrainingSession());
  if (backend == Backend::kGpu) {
    std::unique_ptr<GpuTrainer> gpu;
    if (Status s = create_gpu_trainer(options, &gpu); !s) return s;
    session->gpu_ = gpu.get();
    session->trainer_ = std::move(gpu);
  } else if (Status s = create_cpu_trainer(options, &session->trainer_); !s) {
    return s;
  }
  if (Status s = session->trainer_->set_training_data(data->train); !s) return s;
  if (options.batch_size > data->train.count)
    return Status::error(Wording::sentence(N_("batch size {0} is larger than {1}"),
                                           {std::to_string(options.batch_size), data->train.name}));
  session->data_ = std::move(data);
  session->seed_ = options.seed;
  session->snapshot_.trainer_name = session->trainer_->name();
  session->snapshot_.cpu_threads = session->trainer_->cpu_threads();
  session->snapshot_.data_name = session->data_->train.name;
  session->snapshot_.batch_size = session->trainer_->batch_size();
  session->snapshot_.learning_rate = session->trainer_->learning_rate();
  session->snapshot_.progress = published(session->trainer_->progress(), session->trainer_->batch_size());
  session->publish_parameters();
  session->worker_ = std::thread([s = session.get()] { s->worker_loop(); });
  *out = std::move(session);
  return Status::ok();
}

TrainingSession::~TrainingSession() {
  {
    std::lock_guard<std::mutex> lock(command_mutex_);
    stopping_ = true;
  }
  command_ready_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void TrainingSession::post(std::function<void()> command) {
  {
    std::lock_guard<std::mutex> lock(command_mutex_);
    commands_.push_back(std::move(command));
    ++posted_;
  }
  command_ready_.notify_all();
}

void TrainingSession::wait_until_idle() {
  std::unique_lock<std::mutex> lock(command_mutex_);
  const std::uint64_t target = posted_;
  idle_.wait(lock, [&] { return stopping_ || completed_ >= target; });
}

void TrainingSession::worker_loop() {
  for (;;) {
    std::deque<std::function<void()>> commands;
    {
      std::unique_lock<std::mutex> lock(command_mutex_);
      command_ready_.wait(lock, [&] { return stopping_ || !commands_.empty() || running_ || pending_steps_ > 0; });
      if (stopping_) break;
      commands.swap(commands_);
    }
    for (auto& command : commands) command();
    {
      std::lock_guard<std::mutex> lock(command_mutex_);
      completed_ += commands.size();
    }
    idle_.notify_all();
    if (running_ || pending_steps_ > 0) {
      train_chunk();
      std::lock_guard<std::mutex> lock(snapshot_mutex_);
      snapshot_.state = running_ ? SessionSnapshot::State::kRunning : SessionSnapshot::State::kPaused;
    }
  }
  idle_.notify_all();  // waiters see stopping_
}

void TrainingSession::train_chunk() {
  // A chunk stops at the end of an epoch (and at train_epochs' tests on the way), so the
  // test after every epoch sees exactly that epoch's weights however fast the trainer is (an H100 trains an epoch of the npm
  // digits in about 20 ms; a 30 ms chunk ran through 16 of them).
  const int batch = trainer_->batch_size();
  const bool testing_on_the_way = test_every_ > 0 && !running_;
  int steps = std::min(running_ ? chunk_steps_ : std::min(pending_steps_, chunk_steps_),
                       steps_for_epochs(trainer_->progress(), batch, 1));
  if (testing_on_the_way) steps = std::min(steps, steps_to_reach(trainer_->progress(), batch, next_test_ * test_every_));
  const auto start = std::chrono::steady_clock::now();
  std::vector<StepMetrics> metrics;
  const Status status = trainer_->train(steps, &metrics);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!status) {
    running_ = false;
    pending_steps_ = 0;
    note(status);
    return;
  }
  if (!running_) pending_steps_ -= steps;
  // Aim the next chunk at kChunkSeconds.
  const double per_step = seconds / std::max(steps, 1);
  chunk_steps_ = std::clamp(static_cast<int>(kChunkSeconds / std::max(per_step, 1e-6)), 1, 2000);

  float loss = 0, accuracy = 0;
  for (const StepMetrics& m : metrics) {
    loss += m.loss;
    accuracy += m.accuracy;
  }
  const TrainProgress progress = trainer_->progress();
  const int finished = finished_epochs(progress, batch);
  publish_parameters();
  {
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.progress = published(progress, batch);
    const double rate = steps * trainer_->batch_size() / std::max(seconds, 1e-9);
    snapshot_.images_per_second =
        snapshot_.images_per_second > 0 ? 0.7 * snapshot_.images_per_second + 0.3 * rate : rate;
    if (!metrics.empty()) {
      const double at = steady_clock_seconds();
      append_point(&snapshot_.train_loss, {epochs_of(progress, batch), loss / metrics.size(), at});
      append_point(&snapshot_.train_accuracy, {epochs_of(progress, batch), accuracy / metrics.size(), at});
    }
  }
  if (finished > last_evaluated_epoch_) {
    last_evaluated_epoch_ = finished;
    run_evaluation();
  } else if (testing_on_the_way && epochs_of(progress, batch) >= next_test_ * test_every_ - 1e-9) {
    run_evaluation();
  }
  if (testing_on_the_way) advance_next_test(epochs_of(progress, batch));
}

// The next test on the way lies past `done` epochs; one within half a test of an epoch's
// end is left to the test every epoch's end gets.
void TrainingSession::advance_next_test(double done) {
  for (;;) {
    while (next_test_ * test_every_ <= done + 1e-9) ++next_test_;
    const double at = next_test_ * test_every_;
    const double to_epoch_end = std::ceil(at - 1e-9) - at;
    if (to_epoch_end < 1e-9 || to_epoch_end >= test_every_ * 0.5) return;
    ++next_test_;
  }
}

void TrainingSession::publish_parameters() {
  std::vector<float> params;
  if (!trainer_->get_parameters(&params)) return;
  if (gpu_) {
    std::lock_guard<std::mutex> display(display_mutex_);
    gpu_->copy_display_parameters();
  }
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  parameters_ = std::move(params);
  ++parameters_version_;
}

void TrainingSession::run_evaluation() {
  if (data_->test.count <= 0) return;
  Evaluation eval;
  const Status status = trainer_->evaluate(data_->test, &eval);
  if (!status) {
    note(status);
    return;
  }
  const double epochs = epochs_of(trainer_->progress(), trainer_->batch_size());
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  const double at = steady_clock_seconds();
  append_point(&snapshot_.test_loss, {epochs, static_cast<float>(eval.mean_loss), at});
  append_point(&snapshot_.test_accuracy, {epochs, static_cast<float>(eval.accuracy), at});
  snapshot_.last_test = std::move(eval);
}

void TrainingSession::note(const Status& status, const Wording& success_message) {
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  if (!status) {
    snapshot_.message = status.wording();
    snapshot_.message_is_error = true;
  } else if (!success_message.empty()) {
    snapshot_.message = success_message;
    snapshot_.message_is_error = false;
  }
}

void TrainingSession::clear_curves() {
  last_evaluated_epoch_ = 0;
  test_every_ = 0.0;
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  snapshot_.train_loss.clear();
  snapshot_.train_accuracy.clear();
  snapshot_.test_loss.clear();
  snapshot_.test_accuracy.clear();
  snapshot_.last_test.reset();
  snapshot_.images_per_second = 0;
  snapshot_.progress = published(trainer_->progress(), trainer_->batch_size());
}

void TrainingSession::play() {
  post([this] {
    running_ = true;
    test_every_ = 0.0;
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.state = SessionSnapshot::State::kRunning;
  });
}

void TrainingSession::pause() {
  post([this] {
    running_ = false;
    pending_steps_ = 0;
    test_every_ = 0.0;
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.state = SessionSnapshot::State::kPaused;
    snapshot_.images_per_second = 0;
  });
}

void TrainingSession::step(int steps) {
  post([this, steps] {
    test_every_ = 0.0;
    if (!running_) pending_steps_ += std::max(steps, 0);
  });
}

void TrainingSession::train_epochs(int epochs, double test_every) {
  post([this, epochs, test_every] {
    running_ = false;
    pending_steps_ = steps_for_epochs(trainer_->progress(), trainer_->batch_size(), epochs);
    test_every_ = test_every > 0 ? test_every : 0.0;
    next_test_ = 0;
    if (test_every_ > 0) advance_next_test(epochs_of(trainer_->progress(), trainer_->batch_size()));
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.state = SessionSnapshot::State::kPaused;
  });
}

void TrainingSession::reset(std::uint64_t seed) {
  post([this, seed] {
    running_ = false;
    pending_steps_ = 0;
    seed_ = seed;
    note(trainer_->reset(seed));
    clear_curves();
    publish_parameters();
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.state = SessionSnapshot::State::kPaused;
  });
}

void TrainingSession::set_learning_rate(float learning_rate) {
  post([this, learning_rate] {
    if (!(learning_rate > 0.0f && learning_rate < 1.0f)) {
      note(Status::error(Wording::sentence(N_("learning rate {0} is outside (0, 1)"),
                                           {Wording::number(std::to_string(learning_rate))})));
      return;
    }
    trainer_->set_learning_rate(learning_rate);
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.learning_rate = learning_rate;
  });
}

void TrainingSession::set_augmentation(const Augmentation& augmentation) {
  post([this, augmentation] { trainer_->set_augmentation(augmentation); });
}

void TrainingSession::set_batch_size(int batch) {
  post([this, batch] {
    const Status status = trainer_->set_batch_size(batch);
    note(status);
    if (!status) return;
    chunk_steps_ = 1;  // re-measure
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.batch_size = batch;
  });
}

void TrainingSession::set_data(std::shared_ptr<const DatasetPair> data) {
  post([this, data = std::move(data)] {
    if (!data) return;
    running_ = false;
    pending_steps_ = 0;
    if (trainer_->batch_size() > data->train.count) {
      note(Status::error(Wording::sentence(N_("batch size {0} is larger than {1}"),
                                           {std::to_string(trainer_->batch_size()), data->train.name})));
      return;
    }
    if (Status s = trainer_->set_training_data(data->train); !s) {
      note(s);
      return;
    }
    data_ = data;
    note(trainer_->reset(seed_), Wording::sentence(N_("switched to {0}"), {data_->train.name}));
    clear_curves();
    publish_parameters();
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    snapshot_.data_name = data_->train.name;
    snapshot_.state = SessionSnapshot::State::kPaused;
  });
}

void TrainingSession::evaluate_now() {
  ++tests_asked_;
  post([this] {
    run_evaluation();
    --tests_asked_;
  });
}

void TrainingSession::infer(const std::array<std::uint8_t, kImagePixels>& image) {
  post([this, image] {
    Inference result;
    Status status = Status::ok();
    {
      std::unique_lock<std::mutex> display(display_mutex_, std::defer_lock);
      if (gpu_) display.lock();
      status = trainer_->infer(image.data(), &result);
    }
    if (!status) {
      note(status);
      return;
    }
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    inference_ = std::move(result);
    ++inference_version_;
  });
}

void TrainingSession::save_weights(const std::string& path) {
  post([this, path] {
    std::vector<float> params;
    Status status = trainer_->get_parameters(&params);
    if (status) status = cnn::save_weights(path, params);
    note(status, Wording::sentence(N_("saved the weights to {0}"), {path}));
  });
}

void TrainingSession::load_weights(const std::string& path) {
  post([this, path] {
    std::vector<float> params;
    Status status = cnn::load_weights(path, &params);
    if (status) status = trainer_->set_parameters(params);
    note(status, Wording::sentence(N_("loaded the weights from {0}"), {path}));
    if (!status) return;
    clear_curves();
    publish_parameters();
  });
}

SessionSnapshot TrainingSession::snapshot() const {
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  return snapshot_;
}

long TrainingSession::latest_inference(Inference* out) const {
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  if (inference_version_ > 0) *out = inference_;
  return inference_version_;
}

long TrainingSession::latest_parameters(std::vector<float>* out) const {
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  *out = parameters_;
  return parameters_version_;
}

bool TrainingSession::with_device_display(
    const std::function<void(const std::array<DeviceLayerView, kLayerCount>&, const float*, void*)>& fn) {
  if (!gpu_) return false;
  std::lock_guard<std::mutex> display(display_mutex_);
  fn(gpu_->device_activations(), gpu_->display_parameters(), gpu_->display_stream());
  gpu_->synchronize_display_stream();
  return true;
}

}  // namespace whygpu::cnn
