#pragma once
// A training session for the UI: a worker thread trains while the UI thread reads the
// live loss, characters per second and samples, and pauses or resumes.
//
// Thread-safety: every public member may be called from any thread (normally the UI's).
// The worker runs training in slices of about 50 ms and holds the trainer's lock only
// during a slice, so calls that need the weights (snapshot, save_model,
// make_text_generator, set_optimizer) wait at most one slice. metrics(),
// loss_history() and samples() only copy what the worker last published, under a
// separate small lock, and never wait for the GPU. The TextGenerator that
// make_text_generator returns has its own copy of the weights and belongs to the caller
// (one thread), so step-by-step generation never contends with training.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "compute/lstm/corpus.h"
#include "compute/lstm/model_file.h"
#include "compute/lstm/text_generator.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {

enum class Device { kCpu, kGpu };

struct SessionConfig {
  Device device = Device::kGpu;
  int embed = 64;
  int hidden = 128;             // ignored when starting from a saved model (its shape wins)
  TrainingShape training;       // batch 64 x length 64
  OptimizerConfig optimizer;
  GpuTrainerOptions gpu;
  int cpu_threads = 0;          // CPU training: OpenBLAS threads, 0 = OpenBLAS's own setting
  std::uint64_t seed = 1;       // initial weights and samples
  int sample_every = 500;       // steps between the samples printed while training
  int sample_length = 200;      // characters per sample
  float sample_temperature = 0.8f;
  std::u32string sample_prime = U"The ";  // characters the text lacks are left out
};

struct LossPoint {
  long long step = 0;  // optimizer steps when measured
  double loss = 0.0;   // mean training loss over the slice, nats per character
};

struct TextSample {
  long long step = 0;
  std::string text;  // UTF-8, prime included
};

struct SessionMetrics {
  bool running = false;
  long long steps = 0;
  long long characters = 0;       // characters trained on (steps x batch x length)
  double loss = 0.0;              // latest slice's mean loss (0 before the first)
  double gradient_norm = 0.0;     // latest step's, before clipping
  double characters_per_second = 0.0;  // training throughput of the latest slices
  double steps_per_second = 0.0;
  Wording trainer;                // Trainer::description()
  Wording error;                  // set when training stopped on an error
};

class TrainingSession {
 public:
  // Starts paused. `start` (optional) is a saved model to continue from: its vocabulary
  // must be the corpus's (load the text with load_corpus_with_vocabulary).
  static Status create(const SessionConfig& config, std::shared_ptr<const Corpus> corpus, const SavedModel* start,
                       std::unique_ptr<TrainingSession>* out);
  ~TrainingSession();
  TrainingSession(const TrainingSession&) = delete;
  TrainingSession& operator=(const TrainingSession&) = delete;

  // `until_step` > 0: pauses by itself once the model has trained that many steps in all,
  // the last slice cut to fit, so "after 500 steps" is 500 however fast the trainer is.
  void start(long long until_step = 0);
  void pause();  // returns at once; the slice under way finishes first

  SessionMetrics metrics() const;
  // Entries from index `from` on (pass the count you already hold to get only new ones).
  std::vector<LossPoint> loss_history(std::size_t from = 0) const;
  std::vector<TextSample> samples(std::size_t from = 0) const;

  const SessionConfig& config() const { return config_; }
  const Corpus& corpus() const { return *corpus_; }
  const LstmShape& shape() const { return shape_; }

  Status set_optimizer(const OptimizerConfig& optimizer);
  Status snapshot(SavedModel* out);
  Status save_model(const std::string& path);
  // A step-by-step generator on `device` with the weights as they are now.
  Status make_text_generator(Device device, std::uint64_t seed, std::unique_ptr<TextGenerator>* out);

 private:
  TrainingSession() = default;
  void worker();
  Status run_slice(int steps, TrainingProgress* progress);
  void publish_sample(long long step);

  SessionConfig config_;
  std::shared_ptr<const Corpus> corpus_;
  LstmShape shape_;
  long long base_steps_ = 0;  // steps of the saved model we started from

  std::mutex trainer_mutex_;  // guards trainer_
  std::unique_ptr<Trainer> trainer_;

  mutable std::mutex state_mutex_;  // guards what follows
  std::condition_variable wake_;
  bool running_ = false;
  bool quit_ = false;
  long long until_step_ = 0;  // start()'s goal; 0: none
  SessionMetrics metrics_;
  std::vector<LossPoint> loss_history_;
  std::vector<TextSample> samples_;

  std::thread worker_;
};

}  // namespace whygpu::lstm
