#pragma once
// One training session (compute/cnn/training_session.h) shared by every CNN panel that
// names it (`session=main`, the default), so the feature maps show the network the
// trainer panel trains, on whichever lesson page either sits. The session lives while
// any panel holds it; panels of a lesson live while the app runs, so training goes on
// when the user turns the page.
//
// It also prepares the session off the UI thread (loading the data, creating the CPU or
// GPU trainer), keeps the controls given meanwhile, decides which image the network is
// shown (a test image or the user's drawing) and asks for a fresh inference of it
// whenever the weights have changed, so every panel reads the same, current answer.
//
// UI thread only (the session itself does its work on its own worker thread).
#include <array>
#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "app/cnn/cnn_data.h"
#include "compute/cnn/training_session.h"

namespace whygpu::app::cnn_ui {

enum class BackendChoice { kAuto, kCpu, kGpu };  // auto: the GPU when there is one

struct SessionConfig {
  BackendChoice backend = BackendChoice::kAuto;
  DataRequest data;
  std::uint64_t seed = cnn::TrainerOptions{}.seed;
  int batch = cnn::kDefaultBatch;
  float learning_rate = cnn::AdamConfig{}.learning_rate;
  bool augment = false;  // random rotations and shifts of each training image (cnn::kDefaultAugmentation)
  int cpu_threads = 0;  // 0: training_threads() (all but one core)
};

cnn::Backend resolve(BackendChoice choice);
const char* backend_name(cnn::Backend backend);  // "CPU", "GPU"
// The trainer a snapshot was trained by, in the interface's language ("CPU : OpenBLAS +
// 15 threads" in French); a GPU's name as the driver gives it.
std::string shown_trainer_name(const cnn::SessionSnapshot& snap);

class SharedSession {
 public:
  // The session called `name`; `config` makes it when no panel holds one by that name.
  static std::shared_ptr<SharedSession> get(const std::string& name, const SessionConfig& config);
  // Pauses every other session that is training (the race wants the machine to itself).
  // Returns the names of those it paused.
  static std::vector<std::string> pause_all_except(const std::vector<std::string>& keep);
  ~SharedSession();
  SharedSession(const SharedSession&) = delete;
  SharedSession& operator=(const SharedSession&) = delete;

  // Once a frame, from every panel that shows the session (only the first call of a
  // frame does the work): takes over a finished preparation, copies the snapshot, asks
  // for a new inference when the weights or the shown image changed.
  void update();

  enum class Phase { kPreparing, kReady, kFailed };
  Phase phase() const { return phase_; }
  // Why preparing failed (no data, no GPU, ...); what is being prepared meanwhile.
  const std::string& problem() const { return problem_; }
  std::string preparing_what() const;

  const std::string& name() const { return name_; }
  const SessionConfig& config() const { return config_; }
  cnn::Backend backend() const { return resolve(config_.backend); }
  // Null unless ready.
  cnn::TrainingSession* session() const { return session_.get(); }
  std::shared_ptr<cnn::TrainingSession> shared_session() const { return session_; }
  std::shared_ptr<const cnn::DatasetPair> data() const { return data_; }
  // This frame's copy (empty before the session is ready).
  const cnn::SessionSnapshot& snapshot() const { return snapshot_; }
  bool running() const;
  // No training step and no weights loaded since the last reset: random weights, so the
  // network's guesses are noise (the panels say so beside them).
  bool untrained() const;

  // Controls: carried out now, or as soon as the session is ready.
  void play();
  void pause();
  void step(int steps);
  void reset();
  void evaluate();
  bool testing() const { return session_ && session_->testing(); }  // an evaluate() still running
  void set_batch(int batch);
  void set_learning_rate(float learning_rate);
  void set_augment(bool augment);
  void save_weights(const std::string& path);
  void load_weights(const std::string& path);
  // A new back end or data set: the session is prepared again (fresh weights).
  void set_backend(BackendChoice backend);
  void set_data(const DataRequest& data);
  // Loads the data again (a folder the user has added images to).
  void reload();

  // Trains `epochs` more epochs and pauses (scripts wait on scripted_run_active()), tested
  // every `test_every` epochs on the way as well when that is above 0.
  void train_epochs(int epochs, double test_every = 0.0);
  bool scripted_run_active();

  // What the network is shown: a test image (by index) or an image of the user's.
  void show_test_image(int index);
  void show_image(const std::array<std::uint8_t, cnn::kImagePixels>& pixels, const Wording& label);
  int shown_test_index() const { return shown_test_index_; }  // -1: the user's image
  const Wording& shown_label() const { return shown_label_; }  // translated() to show
  // The newest inference of the shown image (null before the first), and a counter that
  // grows with each new one, so pictures are redrawn only when it changes.
  const cnn::Inference* inference() const { return inference_version_ > 0 ? &inference_ : nullptr; }
  long inference_stamp() const { return inference_stamp_; }
  // The label of the image the newest inference was made for: the shown image changes at
  // once, its inference a moment later (behind training and tests in the queue).
  const Wording& inference_label() const { return inference_label_; }

 private:
  SharedSession(std::string name, SessionConfig config);
  struct Prepared {
    Status status = Status::ok();
    std::shared_ptr<const cnn::DatasetPair> data;
    std::unique_ptr<cnn::TrainingSession> session;
  };
  void prepare();
  void take_prepared();
  void check_scripted_run();

  std::string name_;
  SessionConfig config_;
  Phase phase_ = Phase::kPreparing;
  std::string problem_;
  std::future<Prepared> preparing_;
  bool prepare_again_ = false;  // the config changed while preparing
  bool loaded_weights_ = false;  // weights were loaded since the last reset
  std::shared_ptr<const cnn::DatasetPair> data_;
  std::shared_ptr<cnn::TrainingSession> session_;
  cnn::SessionSnapshot snapshot_;
  int last_frame_ = -1;

  bool play_when_ready_ = false;
  bool evaluate_when_ready_ = false;  // evaluate() pressed while the session was being prepared
  int steps_when_ready_ = 0;
  int scripted_epochs_ = 0;       // asked for before the session was ready
  double scripted_test_every_ = 0.0;
  int target_epochs_ = -1;        // epochs_completed that ends a scripted run; -1: none

  std::array<std::uint8_t, cnn::kImagePixels> shown_{};
  Wording shown_label_;
  int shown_test_index_ = 0;
  bool shown_changed_ = true;
  long weights_stamp_ = 0;      // bumped by reset/load: weights changed without a step
  long inferred_steps_ = -1;    // the step count and stamp the last inference request saw
  long inferred_weights_stamp_ = -1;
  long infer_requests_ = 0;     // inferences asked of this session
  long inference_version_ = 0;  // the session's count of inferences done
  long inference_stamp_ = 0;
  Wording requested_label_;  // shown_label_ when the outstanding inference was asked for
  Wording inference_label_;
  cnn::Inference inference_;
};

}  // namespace whygpu::app::cnn_ui
