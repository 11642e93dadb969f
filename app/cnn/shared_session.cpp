#include "app/cnn/shared_session.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include "app/i18n/translate.h"
#include "app/shell/training_threads.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app::cnn_ui {
namespace {

std::map<std::string, std::weak_ptr<SharedSession>>& registry() {
  static std::map<std::string, std::weak_ptr<SharedSession>> sessions;
  return sessions;
}

}  // namespace

cnn::Backend resolve(BackendChoice choice) {
  switch (choice) {
    case BackendChoice::kCpu: return cnn::Backend::kCpu;
    case BackendChoice::kGpu: return cnn::Backend::kGpu;
    case BackendChoice::kAuto: break;
  }
  return gpu_info().available ? cnn::Backend::kGpu : cnn::Backend::kCpu;
}

const char* backend_name(cnn::Backend backend) { return backend == cnn::Backend::kGpu ? "GPU" : "CPU"; }

std::string shown_trainer_name(const cnn::SessionSnapshot& snap) {
  if (snap.cpu_threads <= 0) return snap.trainer_name;
  const auto threads = static_cast<unsigned long>(snap.cpu_threads);
  return fill(tr_n("CPU: OpenBLAS + {0} thread", "CPU: OpenBLAS + {0} threads", threads), {std::to_string(threads)});
}

std::shared_ptr<SharedSession> SharedSession::get(const std::string& name, const SessionConfig& config) {
  std::weak_ptr<SharedSession>& slot = registry()[name];
  if (auto existing = slot.lock()) return existing;
  std::shared_ptr<SharedSession> made(new SharedSession(name, config));
  slot = made;
  made->prepare();
  return made;
}

std::vector<std::string> SharedSession::pause_all_except(const std::vector<std::string>& keep) {
  std::vector<std::string> paused;
  for (auto& [name, weak] : registry()) {
    if (std::find(keep.begin(), keep.end(), name) != keep.end()) continue;
    auto shared = weak.lock();
    if (!shared) continue;
    shared->update();
    if (!shared->running() && !shared->play_when_ready_) continue;
    shared->pause();
    paused.push_back(name);
  }
  return paused;
}

SharedSession::SharedSession(std::string name, SessionConfig config)
    : name_(std::move(name)), config_(std::move(config)) {}

SharedSession::~SharedSession() {
  if (preparing_.valid()) preparing_.wait();  // its trainer is destroyed with the future
}

std::string SharedSession::preparing_what() const {
  return fill(backend() == cnn::Backend::kGpu ? tr("loading {0} and starting the GPU trainer...")
                                             : tr("loading {0} and starting the CPU trainer..."),
              {config_.data.describe()});
}

void SharedSession::prepare() {
  if (preparing_.valid()) {
    prepare_again_ = true;  // the running preparation is for an old config
    return;
  }
  session_.reset();  // stops its training; a fresh one comes from the new config
  snapshot_ = cnn::SessionSnapshot{};
  phase_ = Phase::kPreparing;
  problem_.clear();
  const SessionConfig config = config_;
  preparing_ = std::async(std::launch::async, [config] {
    Prepared p;
    p.status = load_data(config.data, &p.data);
    if (!p.status) return p;
    cnn::TrainerOptions options;
    options.seed = config.seed;
    options.batch_size = std::clamp(config.batch, 1, std::min(cnn::kMaxBatch, p.data->train.count));
    options.adam.learning_rate = config.learning_rate;
    if (config.augment) options.augmentation = cnn::kDefaultAugmentation;
    options.cpu_threads = config.cpu_threads > 0 ? config.cpu_threads : training_threads();
    p.status = cnn::TrainingSession::create(resolve(config.backend), options, p.data, &p.session);
    return p;
  });
}

void SharedSession::take_prepared() {
  Prepared p = preparing_.get();
  if (prepare_again_) {
    prepare_again_ = false;
    prepare();
    return;
  }
  if (!p.status) {
    phase_ = Phase::kFailed;
    problem_ = translated(p.status);
    play_when_ready_ = evaluate_when_ready_ = false;
    steps_when_ready_ = 0;
    scripted_epochs_ = 0;
    return;
  }
  data_ = std::move(p.data);
  session_ = std::move(p.session);
  loaded_weights_ = false;
  phase_ = Phase::kReady;
  snapshot_ = session_->snapshot();
  infer_requests_ = inference_version_ = 0;
  inferred_steps_ = inferred_weights_stamp_ = -1;
  if (shown_test_index_ >= 0) show_test_image(std::min(shown_test_index_, data_->test.count - 1));
  shown_changed_ = true;
  if (std::exchange(evaluate_when_ready_, false)) session_->evaluate_now();
  if (play_when_ready_) session_->play();
  if (steps_when_ready_ > 0) session_->step(steps_when_ready_);
  play_when_ready_ = false;
  steps_when_ready_ = 0;
  if (scripted_epochs_ > 0) train_epochs(std::exchange(scripted_epochs_, 0), scripted_test_every_);
}

void SharedSession::update() {
  const int frame = ImGui::GetFrameCount();
  if (frame == last_frame_) return;
  last_frame_ = frame;
  if (preparing_.valid() && preparing_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) take_prepared();
  if (!session_) return;
  snapshot_ = session_->snapshot();
  check_scripted_run();

  const long version = session_->latest_inference(&inference_);
  if (version != inference_version_) {
    inference_version_ = version;
    ++inference_stamp_;
    // One request is outstanding at a time, so the newest answer is for the newest request.
    if (inference_version_ == infer_requests_) inference_label_ = requested_label_;
  }
  const bool outstanding = infer_requests_ > inference_version_;
  const bool weights_changed =
      snapshot_.progress.steps != inferred_steps_ || weights_stamp_ != inferred_weights_stamp_;
  if (!outstanding && (shown_changed_ || weights_changed)) {
    session_->infer(shown_);
    ++infer_requests_;
    requested_label_ = shown_label_;
    shown_changed_ = false;
    inferred_steps_ = snapshot_.progress.steps;
    inferred_weights_stamp_ = weights_stamp_;
  }
}

bool SharedSession::running() const {
  return session_ && snapshot_.state == cnn::SessionSnapshot::State::kRunning;
}

void SharedSession::play() {
  if (session_) session_->play();
  else play_when_ready_ = true;
}

void SharedSession::pause() {
  target_epochs_ = -1;
  if (session_) session_->pause();
  play_when_ready_ = false;
  steps_when_ready_ = 0;
  scripted_epochs_ = 0;
}

void SharedSession::step(int steps) {
  if (session_) session_->step(steps);
  else steps_when_ready_ += steps;
}

void SharedSession::reset() {
  target_epochs_ = -1;
  loaded_weights_ = false;
  if (!session_) return;
  session_->reset(config_.seed);
  ++weights_stamp_;
}

void SharedSession::evaluate() {
  if (session_) session_->evaluate_now();
  else evaluate_when_ready_ = true;
}

void SharedSession::set_batch(int batch) {
  config_.batch = batch;
  if (session_) session_->set_batch_size(batch);
}

void SharedSession::set_learning_rate(float learning_rate) {
  config_.learning_rate = learning_rate;
  if (session_) session_->set_learning_rate(learning_rate);
}

void SharedSession::set_augment(bool augment) {
  config_.augment = augment;
  if (session_) session_->set_augmentation(augment ? cnn::kDefaultAugmentation : cnn::Augmentation{});
}

void SharedSession::save_weights(const std::string& path) {
  std::error_code ec;  // the default file's folder may not exist yet; a failure to save then says why
  if (const auto folder = std::filesystem::path(path).parent_path(); !folder.empty())
    std::filesystem::create_directories(folder, ec);
  if (session_) session_->save_weights(path);
}

void SharedSession::load_weights(const std::string& path) {
  if (!session_) return;
  session_->load_weights(path);
  loaded_weights_ = true;
  ++weights_stamp_;
}

bool SharedSession::untrained() const {
  // A load that failed leaves the weights as they were (its error is the last message).
  const bool loaded = loaded_weights_ && !snapshot_.message_is_error;
  return session_ && snapshot_.progress.steps == 0 && !loaded;
}

void SharedSession::set_backend(BackendChoice backend) {
  if (resolve(backend) == resolve(config_.backend) && phase_ != Phase::kFailed) {
    config_.backend = backend;
    return;
  }
  config_.backend = backend;
  target_epochs_ = -1;
  prepare();
}

void SharedSession::set_data(const DataRequest& data) {
  if (data == config_.data && phase_ != Phase::kFailed) return;
  config_.data = data;
  target_epochs_ = -1;
  shown_test_index_ = 0;
  prepare();
}

void SharedSession::reload() {
  target_epochs_ = -1;
  prepare();
}

void SharedSession::train_epochs(int epochs, double test_every) {
  if (epochs <= 0) return;
  if (!session_) {
    if (phase_ == Phase::kPreparing) {
      scripted_epochs_ = epochs;
      scripted_test_every_ = test_every;
    }
    return;
  }
  target_epochs_ = session_->snapshot().progress.epochs_completed + epochs;
  session_->train_epochs(epochs, test_every);
}

// The run is over once its last epoch is trained and the test the session makes after
// every epoch is in. Pausing, resetting or new data end it earlier (target_epochs_ = -1).
void SharedSession::check_scripted_run() {
  if (target_epochs_ < 0 || !session_) return;
  if (snapshot_.progress.epochs_completed >= target_epochs_ && !snapshot_.test_accuracy.empty() &&
      snapshot_.test_accuracy.back().epoch >= target_epochs_ - 1e-9)
    target_epochs_ = -1;
}

bool SharedSession::scripted_run_active() {
  if (phase_ == Phase::kPreparing) {
    if (preparing_.valid() && preparing_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
      take_prepared();
    if (phase_ == Phase::kPreparing) return scripted_epochs_ > 0;
  }
  if (!session_ || target_epochs_ < 0) return false;
  snapshot_ = session_->snapshot();
  check_scripted_run();
  return target_epochs_ >= 0;
}

void SharedSession::show_test_image(int index) {
  shown_test_index_ = std::max(index, 0);
  shown_changed_ = true;
  if (!data_ || data_->test.count == 0) return;
  shown_test_index_ = std::clamp(index, 0, data_->test.count - 1);
  const std::uint8_t* pixels = data_->test.image(shown_test_index_);
  std::copy(pixels, pixels + cnn::kImagePixels, shown_.begin());
  const int label = data_->test.labels[shown_test_index_];
  shown_label_ = Wording::sentence(N_("test image {0} ({1})"), {std::to_string(shown_test_index_), data_->test.class_names[label]});
}

void SharedSession::show_image(const std::array<std::uint8_t, cnn::kImagePixels>& pixels, const Wording& label) {
  shown_ = pixels;
  shown_label_ = label;
  shown_test_index_ = -1;
  shown_changed_ = true;
}

}  // namespace whygpu::app::cnn_ui
