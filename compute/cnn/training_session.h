#pragma once
// A Trainer running on a worker thread of its own, driven by commands from any thread
// (the UI's), with metrics the UI reads at any time. Two sessions (CPU and GPU, same
// seed, same data) run side by side for "the race".
//
// Threading contract:
// - Every public method may be called from any thread at any time; commands are queued
//   and carried out by the worker between chunks of training steps (a chunk lasts about
//   30 ms), in the order they were given.
// - snapshot(), latest_inference() and latest_parameters() return copies taken under a
//   mutex: cheap to call every frame, never blocked by a running chunk.
// - with_device_display() lets the UI read the GPU trainer's device buffers (the
//   activations of the last inference, a copy of the weights taken after each chunk)
//   while the worker keeps training: the worker only writes those buffers under the
//   same lock, which it holds for microseconds (one inference or one 373 KB copy).
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "compute/cnn/dataset.h"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

enum class Backend { kCpu, kGpu };

struct CurvePoint {
  double epoch;  // x: epochs of training so far (fractional)
  float value;
  // When the point was taken, in seconds on std::chrono::steady_clock: the race times its
  // lanes' tests by it, not by when a frame happened to look.
  double clock_seconds = 0.0;
};

// Now, in the seconds of CurvePoint::clock_seconds.
double steady_clock_seconds();

struct SessionSnapshot {
  enum class State { kPaused, kRunning };
  State state = State::kPaused;
  std::string trainer_name;  // "GPU: NVIDIA H100 ..." / "CPU: OpenBLAS + 16 threads"
  int cpu_threads = 0;       // the CPU trainer's threads; 0 on the GPU
  Wording data_name;         // the training set's name (Dataset::name)
  Wording message;           // the last error or notice ("saved the weights to ..."), if any
  bool message_is_error = false;
  TrainProgress progress;  // an epoch counts once its last batch is trained (position 0 then)
  int batch_size = 0;
  float learning_rate = 0.0f;
  double images_per_second = 0.0;  // while running, smoothed over recent chunks
  std::vector<CurvePoint> train_loss, train_accuracy;  // one point per chunk
  std::vector<CurvePoint> test_loss, test_accuracy;    // one point per evaluation
  std::optional<Evaluation> last_test;                 // confusion matrix, predictions
};

// Optimizer steps that finish `epochs` more epochs from `p` at batch size `batch` (the
// epoch under way counts as the first): step() with it trains exactly to an epoch's end.
int steps_for_epochs(const TrainProgress& p, int batch, int epochs);

class TrainingSession {
 public:
  // Starts paused, with fresh weights from options.seed. data must stay unchanged while
  // the session uses it (it is shared, not copied, for the test set).
  static Status create(Backend backend, const TrainerOptions& options, std::shared_ptr<const DatasetPair> data,
                       std::unique_ptr<TrainingSession>* out);
  ~TrainingSession();  // stops and joins the worker
  TrainingSession(const TrainingSession&) = delete;
  TrainingSession& operator=(const TrainingSession&) = delete;

  void play();
  void pause();
  void step(int steps = 1);          // while paused: that many steps, then paused again
  // Pauses, trains to the end of `epochs` more epochs (the one under way is the first),
  // tests, and stays paused. With test_every > 0 it also stops to test every test_every
  // epochs on the way, at the first step past each such point, however fast it trains.
  void train_epochs(int epochs, double test_every = 0.0);
  void reset(std::uint64_t seed);    // fresh weights, curves cleared, paused
  void set_learning_rate(float learning_rate);
  void set_augmentation(const Augmentation& augmentation);  // from the next step (augmentation.h)
  void set_batch_size(int batch);    // refused (message) outside 1..kMaxBatch or above the data
  void set_data(std::shared_ptr<const DatasetPair> data);  // new data set: like reset
  void evaluate_now();               // test-set evaluation (also done after every epoch)
  // True from evaluate_now() until that test's result is in snapshot().last_test: a test
  // of 2,000 images takes seconds on one CPU thread, and a panel says so meanwhile.
  bool testing() const { return tests_asked_.load() > 0; }
  void infer(const std::array<std::uint8_t, kImagePixels>& image);  // result: latest_inference
  void save_weights(const std::string& path);
  void load_weights(const std::string& path);

  SessionSnapshot snapshot() const;
  // The newest inference and its version (0: none yet; grows with each one).
  long latest_inference(Inference* out) const;
  // The weights after the newest chunk, with a version that grows with each copy.
  long latest_parameters(std::vector<float>* out) const;

  // GPU sessions: calls fn with the device activations of the latest inference, a device
  // copy of the weights (model.h layout) and a CUDA stream (as void*) to enqueue reads
  // on, e.g. render_feature_maps_gpu; the stream is synchronised before the lock is
  // released. Returns false (fn not called) for CPU sessions.
  bool with_device_display(
      const std::function<void(const std::array<DeviceLayerView, kLayerCount>& activations,
                               const float* parameters, void* stream)>& fn);

  // Blocks until every command given before this call has been carried out (training
  // may go on: a running session keeps running).
  void wait_until_idle();

 private:
  TrainingSession() = default;
  void post(std::function<void()> command);
  void worker_loop();
  void train_chunk();
  void publish_parameters();
  void run_evaluation();
  void advance_next_test(double done);
  void note(const Status& status, const Wording& success_message = {});
  void clear_curves();

  // Owned by the worker thread once started.
  std::unique_ptr<Trainer> trainer_;
  GpuTrainer* gpu_ = nullptr;  // trainer_ when it is a GpuTrainer
  std::shared_ptr<const DatasetPair> data_;
  std::uint64_t seed_ = 1;
  bool running_ = false;
  int pending_steps_ = 0;
  int chunk_steps_ = 1;
  int last_evaluated_epoch_ = 0;
  double test_every_ = 0.0;  // train_epochs' tests on the way (0: epoch ends only)
  long next_test_ = 0;       // the next of them, at next_test_ * test_every_ epochs

  // Commands.
  mutable std::mutex command_mutex_;
  std::condition_variable command_ready_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> commands_;
  std::atomic<int> tests_asked_{0};  // evaluate_now() calls not yet carried out
  std::uint64_t posted_ = 0;     // commands given so far
  std::uint64_t completed_ = 0;  // commands carried out so far
  bool stopping_ = false;

  // What the UI reads.
  mutable std::mutex snapshot_mutex_;
  SessionSnapshot snapshot_;
  Inference inference_;
  long inference_version_ = 0;
  std::vector<float> parameters_;
  long parameters_version_ = 0;

  // Guards the GPU trainer's display buffers (activations, weight copy).
  std::mutex display_mutex_;

  std::thread worker_;
};

}  // namespace whygpu::cnn
