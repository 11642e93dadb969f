#include "app/lstm/lstm_workspace.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <map>

#include "app/files/file_locations.h"
#include "app/i18n/glyph_needs.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/shell/training_threads.h"
#include "compute/core/gpu_info.h"
#include "compute/lstm/model_file.h"

namespace whygpu::app::lstm_ui {
namespace {

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Makes the session on the chosen device; when the GPU trainer cannot be made, trains on
// the CPU instead and says so in *note (the UI shows which device is really training).
Status make_session(lstm::SessionConfig config, std::shared_ptr<const lstm::Corpus> corpus,
                    const lstm::SavedModel* start, std::unique_ptr<lstm::TrainingSession>* out, std::string* note) {
  const Status made = lstm::TrainingSession::create(config, corpus, start, out);
  if (made || config.device == lstm::Device::kCpu) return made;
  config.device = lstm::Device::kCpu;
  if (Status s = lstm::TrainingSession::create(config, corpus, start, out); !s) return s;
  *note = fill(tr("the GPU trainer could not start ({0}); training on the CPU instead"), {translated(made)});
  return Status::ok();
}

// A sample from the session's weights as they are, to show before training changes them.
// An empty prime starts the text the way the compute side does (a line break).
lstm::TextSample sample_now(lstm::TrainingSession& session, int length, float temperature) {
  lstm::TextSample sample;
  sample.step = session.metrics().steps;
  std::unique_ptr<lstm::TextGenerator> generator;
  Status s = session.make_text_generator(session.config().device, session.config().seed, &generator);
  if (s) s = generator->prime(U"", temperature);
  if (s) s = generator->generate(length, temperature, &sample.text);
  if (!s) sample.text = fill(tr("(no sample: {0})"), {translated(s)});
  return sample;
}

}  // namespace

std::string describe_text(const lstm::Corpus& corpus) {
  return fill(tr("{0}: {1} characters, {2} different ones"),
              {file_name(corpus.source), short_count(static_cast<double>(corpus.tokens.size())),
               std::to_string(corpus.vocabulary.size())});
}

std::string short_count(double n) {
  if (n >= 1e6) return decimal_text(n / 1e6, 1) + " M";  // a decimal comma in French and Italian
  if (n >= 1e3) return decimal_text(n / 1e3, 0) + " k";
  return decimal_text(n, 0);
}

const char* device_name(lstm::Device device) { return device == lstm::Device::kGpu ? "GPU" : "CPU"; }

std::string default_text_path() { return shipped_path(lstm::kDefaultCorpusPath); }

std::string example_model_path() { return shipped_path("assets/models/sotu-h128.model"); }

bool example_model_exists() {
  // Asked every frame by the panels: the file system is asked once.
  static const bool exists = [] {
    std::error_code ec;
    return std::filesystem::is_regular_file(example_model_path(), ec);
  }();
  return exists;
}

std::shared_ptr<LstmWorkspace> LstmWorkspace::get(const std::string& name) {
  static std::map<std::string, std::weak_ptr<LstmWorkspace>> workspaces;
  if (auto existing = workspaces[name].lock()) return existing;
  auto made = std::make_shared<LstmWorkspace>(name);
  workspaces[name] = made;
  return made;
}

LstmWorkspace::LstmWorkspace(std::string name) : name_(std::move(name)) {
  choices_.device = gpu_info().available ? lstm::Device::kGpu : lstm::Device::kCpu;
}

LstmWorkspace::~LstmWorkspace() {
  if (job_.valid()) job_.wait();
}

void LstmWorkspace::set_message(std::string message, bool is_error) {
  message_ = std::move(message);
  message_is_error_ = is_error;
}

lstm::SessionConfig LstmWorkspace::session_config() const {
  lstm::SessionConfig config;
  config.device = choices_.device;
  config.hidden = choices_.hidden;
  config.sample_every = choices_.sample_every;
  config.cpu_threads = training_threads();
  return config;
}

Status LstmWorkspace::begin_job(std::string description, std::function<JobResult()> work) {
  if (job_.valid()) return Status::error(fill(tr("busy: {0}"), {job_description_}));
  job_description_ = std::move(description);
  // Whatever the job throws (std::bad_alloc on a huge file, a library's exception) comes
  // back as its message: the workspace stays usable, the next job can start.
  job_ = std::async(std::launch::async, [work = std::move(work), what = job_description_]() -> JobResult {
    try {
      return work();
    } catch (const std::exception& e) {
      JobResult failed;
      failed.status = Status::error(what + " failed: " + e.what());
      return failed;
    }
  });
  return Status::ok();
}

LstmWorkspace::JobResult LstmWorkspace::new_session_result(const lstm::SessionConfig& config,
                                                           std::shared_ptr<const lstm::Corpus> corpus,
                                                           const lstm::SavedModel* start, std::string text_path,
                                                           std::string* note) {
  JobResult r;
  r.status = make_session(config, corpus, start, &r.session, note);
  if (!r.status) return r;
  r.first_sample = sample_now(*r.session, config.sample_length, config.sample_temperature);
  r.corpus = std::move(corpus);
  r.text_path = std::move(text_path);
  return r;
}

Status LstmWorkspace::open_text(const std::string& path) {
  if (path.empty()) return Status::error(tr("no file name given"));
  const lstm::SessionConfig config = session_config();
  const Status s = begin_job(fill(tr("reading {0}"), {path}), [path, config] {
    JobResult r;
    auto corpus = std::make_shared<lstm::Corpus>();
    r.status = lstm::load_corpus(path, corpus.get());
    if (!r.status) {
      if (path.find(lstm::kDefaultCorpusPath) != std::string::npos && !std::filesystem::exists(path))
        r.status = r.status.with_context(tr("the default text is fetched by scripts/fetch-corpus.sh"));
      return r;
    }
    std::string note;
    r = new_session_result(config, corpus, nullptr, path, &note);
    if (r.status)
      r.done_message = fill(tr("Opened {0}; a new model with {1} hidden units"),
                            {describe_text(*corpus), std::to_string(config.hidden)}) +
                       (note.empty() ? "" : "; " + note);
    return r;
  });
  if (s) pause_training();
  return s;
}

Status LstmWorkspace::new_model() {
  if (!corpus_) return text_path_.empty() ? open_text(default_text_path()) : open_text(text_path_);
  const lstm::SessionConfig config = session_config();
  const Status s = begin_job(tr("making a new model"), [config, corpus = corpus_, path = text_path_] {
    std::string note;
    JobResult r = new_session_result(config, corpus, nullptr, path, &note);
    if (r.status)
      r.done_message = fill(tr("New model: {0} hidden units, fresh random weights"), {std::to_string(config.hidden)}) +
                       (note.empty() ? "" : "; " + note);
    return r;
  });
  if (s) pause_training();
  return s;
}

Status LstmWorkspace::move_to(lstm::Device device) {
  if (!session_) return set_device(device);
  if (device == lstm::Device::kGpu && !gpu_info().available)
    return require_gpu();
  if (device == session_device_) return Status::ok();
  if (job_.valid()) return Status::error(fill(tr("busy: {0}"), {job_description_}));
  const bool was_running = session_->metrics().running;
  session_->pause();
  auto saved = std::make_shared<lstm::SavedModel>();
  if (Status s = session_->snapshot(saved.get()); !s) return s;
  lstm::SessionConfig config = session_config();
  config.device = device;
  const Status s = begin_job(fill(tr("moving training to the {0}"), {device_name(device)}),
                             [config, saved, was_running, corpus = corpus_, path = text_path_] {
                               JobResult r;
                               std::string note;
                               r.status = make_session(config, corpus, saved.get(), &r.session, &note);
                               if (r.status && !note.empty()) r.status = Status::error(note);
                               r.corpus = corpus;
                               r.text_path = path;
                               r.resume_training = was_running;
                               r.same_model = true;
                               r.done_message =
                                   fill(tr("Training moved to the {0} with the same weights (step {1})"),
                                        {device_name(config.device), with_commas(saved->training_steps)});
                               return r;
                             });
  if (s) choices_.device = device;
  else if (was_running) session_->start();
  return s;
}

Status LstmWorkspace::load_model(const std::string& path) {
  if (path.empty()) return Status::error(tr("no file name given"));
  const std::string text = text_path_.empty() ? default_text_path() : text_path_;
  const lstm::SessionConfig config = session_config();
  const Status s = begin_job(fill(tr("loading {0}"), {path}), [path, text, config] {
    JobResult r;
    lstm::SavedModel saved;
    r.status = lstm::load_model(path, &saved);
    if (!r.status) return r;
    auto corpus = std::make_shared<lstm::Corpus>();
    r.status = lstm::load_corpus_with_vocabulary(text, saved.vocabulary, corpus.get());
    if (!r.status) {
      r.status = r.status.with_context(
          tr("the model's characters do not fit the open text (open the text it was trained on first)"));
      return r;
    }
    std::string note;
    r = new_session_result(config, corpus, &saved, text, &note);
    if (r.status)
      r.done_message = fill(tr("Loaded {0}: {1} hidden units, trained {2} steps"),
                            {file_name(path), std::to_string(saved.weights.shape.hidden),
                             with_commas(saved.training_steps)}) +
                       (note.empty() ? "" : "; " + note);
    return r;
  });
  if (s) pause_training();
  return s;
}

Status LstmWorkspace::save_model(const std::string& path) {
  if (path.empty()) return Status::error(tr("no file name given"));
  if (!session_) return Status::error(tr("no model yet: the text is still being read"));
  std::error_code ec;  // a missing folder is made; a folder that cannot be made fails the save, with its reason
  if (const auto folder = std::filesystem::path(path).parent_path(); !folder.empty())
    std::filesystem::create_directories(folder, ec);
  if (Status s = session_->save_model(path); !s) return s;
  set_message(fill(tr("Saved the model (step {0}) to {1}"), {with_commas(session_->metrics().steps), path}), false);
  return Status::ok();
}

Status LstmWorkspace::set_device(lstm::Device device) {
  if (device == lstm::Device::kGpu && !gpu_info().available)
    return require_gpu();
  choices_.device = device;
  return Status::ok();
}

Status LstmWorkspace::set_hidden(int hidden) {
  lstm::LstmShape shape;
  shape.vocab = 1;
  shape.embed = 64;
  shape.hidden = hidden;
  if (Status s = lstm::validate_shape(shape); !s) return s;
  choices_.hidden = hidden;
  return Status::ok();
}

Status LstmWorkspace::set_sample_every(int steps) {
  if (steps < 1 || steps > 1000000) return Status::error(tr("sample_every must be 1..1000000 steps"));
  choices_.sample_every = steps;
  return Status::ok();
}

void LstmWorkspace::start_training() {
  if (session_) session_->start();
}

void LstmWorkspace::pause_training() {
  goal_.active = false;
  if (session_) session_->pause();
}

Status LstmWorkspace::train_for(long long steps, double seconds) {
  if (!session_) return Status::error(job_.valid() ? fill(tr("busy: {0}"), {job_description_}) : tr("no model yet"));
  if (steps <= 0 && seconds <= 0) return Status::error(tr("give a number of steps or seconds to train for"));
  goal_ = TrainingGoal{};
  goal_.active = true;
  goal_.until_step = steps > 0 ? session_->metrics().steps + steps : 0;
  goal_.has_deadline = seconds > 0;
  goal_.deadline = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  goal_started_ = std::chrono::steady_clock::now();
  goal_start_characters_ = session_->metrics().characters;
  session_->start(goal_.until_step);
  return Status::ok();
}

void LstmWorkspace::poll() {
  if (!opened_once_ && !job_.valid()) {
    opened_once_ = true;
    if (const Status s = open_text(text_path_.empty() ? default_text_path() : text_path_); !s)
      set_message(translated(s), true);
  }
  if (job_.valid() && job_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    JobResult r = job_.get();
    if (!r.status) {
      set_message(translated(r.status), true);
    } else {
      session_.reset();  // paused: its worker stops at once
      session_ = std::move(r.session);
      corpus_ = std::move(r.corpus);
      need_glyphs(corpus_->vocabulary.code_points());  // the fonts learn the text's characters
      text_path_ = r.text_path;
      session_device_ = session_->config().device;
      choices_.device = session_device_;
      ++generation_;
      loss_read_ = samples_read_ = 0;
      if (!r.same_model) {
        loss_curve_.clear();
        samples_.clear();
        samples_.push_back(std::move(r.first_sample));
      }
      if (r.resume_training) session_->start();
      set_message(r.done_message, false);
    }
  }
  if (session_) {
    for (lstm::LossPoint& p : session_->loss_history(loss_read_)) {
      loss_curve_.push_back(p);
      ++loss_read_;
    }
    for (lstm::TextSample& sample : session_->samples(samples_read_)) {
      samples_.push_back(std::move(sample));
      ++samples_read_;
    }
  }
  if (goal_.active && session_) {
    const lstm::SessionMetrics m = session_->metrics();
    const bool reached = (goal_.until_step > 0 && m.steps >= goal_.until_step) ||
                         (goal_.has_deadline && std::chrono::steady_clock::now() >= goal_.deadline);
    if (reached || !m.running) {
      goal_.active = false;
      session_->pause();
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - goal_started_).count();
      const double rate = seconds > 0 ? (m.characters - goal_start_characters_) / seconds : 0.0;
      std::fprintf(stderr,
                   "whygpu: lstm %s: trained to step %lld in %.1f s on %s: loss %.3f, %.0f characters/s over the run "
                   "(latest %.0f)%s%s\n",
                   name_.c_str(), m.steps, seconds, m.trainer.english().c_str(), m.loss, rate, m.characters_per_second,
                   m.error.empty() ? "" : "; stopped: ", m.error.english().c_str());
    }
  }
}

}  // namespace whygpu::app::lstm_ui
