#pragma once
// A trainer owns one copy of the network (parameters, Adam state, workspaces) on one
// back end, the CPU (cpu_trainer.h) or the GPU (gpu_trainer.h), and trains it on a
// data set in seeded mini-batches. Same seed, same data, same batch size: the two back
// ends start from identical weights and see identical batches (they differ only by
// floating-point rounding), which is what "the race" shows side by side.
//
// Threading: a Trainer is NOT thread-safe. Drive each one from a single thread at a
// time (a worker thread, typically); the CPU and GPU trainers are independent objects
// and may run at the same time on different threads. training_session.h wraps a Trainer
// in a worker thread with a command queue and metrics the UI thread may read at any time.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/cnn/augmentation.h"
#include "compute/cnn/dataset.h"
#include "compute/cnn/evaluation.h"
#include "compute/cnn/model.h"
#include "compute/cnn/model_math.h"
#include "compute/core/status.h"

namespace whygpu::cnn {

// The batch every trainer, panel and benchmark starts with unless told otherwise.
inline constexpr int kDefaultBatch = 64;

struct TrainerOptions {
  std::uint64_t seed = 1;  // initial weights and batch order
  int batch_size = kDefaultBatch;  // 1..kMaxBatch
  AdamConfig adam;
  int cpu_threads = 0;     // CPU trainer: worker threads for element-wise loops, 0 = all
  Augmentation augmentation;  // off by default (set_augmentation changes it later)
};

// One training step's result on its own batch (before the step's update).
struct StepMetrics {
  float loss = 0.0f;      // mean cross-entropy of the batch
  float accuracy = 0.0f;  // fraction of the batch classified right
};

struct TrainProgress {
  long steps = 0;             // optimizer steps since the last reset
  long images_seen = 0;
  int epochs_completed = 0;
  int epoch_position = 0;     // images of the current epoch used so far
  int epoch_size = 0;         // images in the training set
};

// What the network makes of one image.
struct Inference {
  std::array<float, kClasses> probabilities{};
  int predicted = 0;
  // Each layer's activations for this image, [channel][y][x] as in kLayerShapes.
  std::array<std::vector<float>, kLayerCount> activations;
};

class Trainer {
 public:
  virtual ~Trainer() = default;

  // "CPU: OpenBLAS + 16 threads", "GPU: NVIDIA H100 80GB HBM3" (logs and files: English).
  virtual std::string name() const = 0;
  // name() as a page shows it in its language, inside a sentence of its own (the transfer
  // base's "trained on {0} for {1} epochs ({2})"); a GPU's name is a value.
  virtual Wording name_wording() const { return name(); }
  // The CPU trainer's threads, 0 for a GPU one: the interface says it in its own words.
  virtual int cpu_threads() const { return 0; }

  // Copies the training set (the GPU keeps it in device memory) and restarts the batch
  // order from the seed; weights and Adam state stay.
  virtual Status set_training_data(const Dataset& train) = 0;
  // Fresh weights from the seed, Adam state zeroed, batch order restarted, progress 0.
  virtual Status reset(std::uint64_t seed) = 0;
  // Replaces the weights (model.h layout); Adam state zeroed.
  virtual Status set_parameters(const std::vector<float>& params) = 0;
  virtual Status get_parameters(std::vector<float>* params) = 0;

  // Take effect from the next step; may be changed between any two calls of train().
  virtual Status set_batch_size(int batch) = 0;
  virtual int batch_size() const = 0;
  virtual void set_learning_rate(float learning_rate) = 0;
  virtual float learning_rate() const = 0;
  // Random rotations and shifts of the training images (augmentation.h), drawn inside
  // each step; both back ends draw the same transform for the same step and image.
  // Evaluation and inference always see the images as they are. Off by default.
  virtual void set_augmentation(const Augmentation& augmentation) = 0;
  virtual Augmentation augmentation() const = 0;

  // Runs `steps` optimizer steps on the training set (set_training_data first) and
  // returns when they are done. metrics, when given, receives one entry per step.
  virtual Status train(int steps, std::vector<StepMetrics>* metrics) = 0;
  virtual TrainProgress progress() const = 0;

  // Forward passes only: every image of data, in order.
  virtual Status evaluate(const Dataset& data, Evaluation* out) = 0;
  // One image of kImagePixels bytes (0 background .. 255 ink), e.g. a drawn digit.
  virtual Status infer(const std::uint8_t* image, Inference* out) = 0;
};

// Always available.
Status create_cpu_trainer(const TrainerOptions& options, std::unique_ptr<Trainer>* out);

// Checks shared by both back ends.
Status check_batch_size(int batch);
Status check_training_data(const Dataset& data);

}  // namespace whygpu::cnn
