#pragma once
// The character LSTM that the lesson panels share: the open text, the training session
// and how it was made. Panels with the same `session=` name (default "main") get the
// same workspace, so a model trained on one lesson page is the one stepped through on the
// next. The slow parts (reading a 10 MB text, making a GPU trainer, loading a model) run
// as a background job, one at a time, so the UI keeps drawing; poll() takes the result in.
//
// Used from the UI thread only (the session inside has its own worker thread).
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/lstm/corpus.h"
#include "compute/lstm/session.h"

namespace whygpu::app::lstm_ui {

// The model's shape and training choices that a new session is made with.
struct LstmChoices {
  lstm::Device device = lstm::Device::kCpu;
  int hidden = 128;
  int sample_every = 250;  // steps between the samples printed while training
};

class LstmWorkspace {
 public:
  // The workspace named `name`, made (and its default text opened) on first use. It lives
  // while a panel holds it.
  static std::shared_ptr<LstmWorkspace> get(const std::string& name);

  explicit LstmWorkspace(std::string name);
  ~LstmWorkspace();  // waits for a job under way; the session's worker stops
  LstmWorkspace(const LstmWorkspace&) = delete;
  LstmWorkspace& operator=(const LstmWorkspace&) = delete;

  // Call every frame (any panel; more than once is harmless): takes in a finished job and
  // stops a scripted training run that reached its goal.
  void poll();

  // Background jobs; each fails at once while another runs.
  // Reads a UTF-8 text and makes a new, untrained model for it.
  Status open_text(const std::string& path);
  // Fresh weights with the current choices (hidden size, device), same text.
  Status new_model();
  // Moves training to the other device, keeping the weights (Adam restarts).
  Status move_to(lstm::Device device);
  // A saved model; the open text is read again with the model's characters.
  Status load_model(const std::string& path);
  // Writes the current weights (waits at most one training slice).
  Status save_model(const std::string& path);

  // Before the first poll(): choices from a lesson's panel parameters. Afterwards the
  // hidden size waits for the next new_model() (the current model keeps its own).
  bool fresh() const { return !opened_once_; }
  void set_text_path(std::string path) { text_path_ = std::move(path); }
  Status set_device(lstm::Device device);
  Status set_hidden(int hidden);
  Status set_sample_every(int steps);

  void start_training();
  void pause_training();
  // Trains until `steps` more steps or `seconds` have passed (whichever comes first;
  // 0 means no limit of that kind), then pauses. busy() stays true meanwhile.
  Status train_for(long long steps, double seconds);

  bool job_running() const { return job_.valid(); }
  // Before the first poll() the default text is still to be opened: that counts too, so a
  // script's wait-idle right after opening a lesson waits for the model.
  bool preparing() const { return !opened_once_ || job_running(); }
  bool busy() const { return preparing() || goal_.active; }
  const std::string& job_description() const { return job_description_; }

  lstm::TrainingSession* session() { return session_.get(); }
  // Increases whenever the session is replaced, so panels re-read its history.
  int generation() const { return generation_; }
  const std::string& text_path() const { return text_path_; }
  const LstmChoices& choices() const { return choices_; }
  // The device the current session trains on (choices().device may differ while moving).
  lstm::Device session_device() const { return session_device_; }
  const std::string& name() const { return name_; }

  // The model's training record, kept across a move to the other device (which makes a
  // new session): the loss of each training slice, and the samples, oldest first. A new
  // model starts with one sample written by its untrained weights (the noise that
  // training turns into words).
  const std::vector<lstm::LossPoint>& loss_curve() const { return loss_curve_; }
  const std::vector<lstm::TextSample>& samples() const { return samples_; }

  // The outcome of the last action, for the panels to show.
  const std::string& message() const { return message_; }
  bool message_is_error() const { return message_is_error_; }
  void set_message(std::string message, bool is_error);

 private:
  struct JobResult {
    Status status = Status::ok();
    std::shared_ptr<const lstm::Corpus> corpus;
    std::unique_ptr<lstm::TrainingSession> session;
    std::string text_path;
    std::string done_message;
    bool resume_training = false;
    bool same_model = false;  // moved to another device: the loss curve continues
    lstm::TextSample first_sample;  // what the model writes before any (more) training
  };
  Status begin_job(std::string description, std::function<JobResult()> work);
  // A job's result holding a session on `corpus` (with `start`'s weights, or fresh random
  // ones when null) and the sample it writes before training; *note as make_session says
  // (the GPU trainer could not start). done_message is the caller's to write.
  static JobResult new_session_result(const lstm::SessionConfig& config, std::shared_ptr<const lstm::Corpus> corpus,
                                      const lstm::SavedModel* start, std::string text_path, std::string* note);
  lstm::SessionConfig session_config() const;

  struct TrainingGoal {
    bool active = false;
    long long until_step = 0;  // 0: no step limit
    std::chrono::steady_clock::time_point deadline{};
    bool has_deadline = false;
  };

  std::string name_;
  LstmChoices choices_;
  std::string text_path_;
  std::shared_ptr<const lstm::Corpus> corpus_;
  std::unique_ptr<lstm::TrainingSession> session_;
  lstm::Device session_device_ = lstm::Device::kCpu;
  int generation_ = 0;
  std::future<JobResult> job_;
  std::string job_description_;
  TrainingGoal goal_;
  std::chrono::steady_clock::time_point goal_started_{};
  long long goal_start_characters_ = 0;
  bool opened_once_ = false;  // the first poll() opens the text (after panels set choices)
  std::vector<lstm::LossPoint> loss_curve_;
  std::vector<lstm::TextSample> samples_;
  std::size_t loss_read_ = 0, samples_read_ = 0;  // taken from the current session so far
  std::string message_;
  bool message_is_error_ = false;
};

// The default text: data/corpus/sotu.txt, found as every shipped file is
// (app/files/file_locations.h: fetched by scripts/fetch-corpus.sh, or installed with whygpu).
std::string default_text_path();

// The example model that ships with whygpu, trained by our own code on the default text
// (assets/models/README.md says how, where and for how long): for computers without a
// GPU, where a fresh model takes many minutes to write words; found as every shipped file
// is (app/files/file_locations.h). exists() tells whether this build has one.
std::string example_model_path();
bool example_model_exists();

const char* device_name(lstm::Device device);
// "950", "12 k", "10.8 M": counts as a person reads them aloud.
std::string short_count(double n);
// "sotu.txt: 10.8 M characters, 98 distinct".
std::string describe_text(const lstm::Corpus& corpus);

}  // namespace whygpu::app::lstm_ui
