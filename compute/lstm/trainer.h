#pragma once
// A trainer owns the weights, the Adam state and the text's stream positions on one
// device (CPU or GPU) and runs training steps. It is not thread-safe: one thread uses it
// at a time (TrainingSession in session.h adds the worker thread and the locking).
#include <memory>
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/core/wording.h"
#include "compute/lstm/model.h"
#include "compute/lstm/vocabulary.h"

namespace whygpu::lstm {

// One explicit batch, for tests and checks: token ids [length][batch] and the initial
// state [batch][hidden].
struct SequenceBatch {
  int length = 0;
  int batch = 0;
  std::vector<int> inputs, targets;
  std::vector<float> h0, c0;
};
Status validate_batch(const SequenceBatch& batch, const LstmShape& shape);
// Error unless every token id of a training text is below `vocab`.
Status check_tokens(const std::vector<TokenId>& text, int vocab);

struct ForwardBackwardResult {
  double loss = 0.0;                 // mean cross-entropy, nats per character
  std::vector<float> gradients;      // parameter_layout order
  std::vector<float> hidden_states;  // [length + 1][batch][hidden], slot 0 = h0
  std::vector<float> cell_states;    // same for c
};

struct PhaseTime {
  std::string phase;
  double milliseconds = 0.0;
};

struct TrainingProgress {
  long long steps = 0;          // optimizer steps since the trainer was made
  int new_steps = 0;            // steps since the previous collect
  double mean_loss = 0.0;       // their mean training loss (nats per character); 0 if none
  double gradient_norm = 0.0;   // global gradient norm of the latest step, before clipping
};

class Trainer {
 public:
  virtual ~Trainer() = default;

  // "CPU (OpenBLAS, 16 threads)", "NVIDIA H100 80GB HBM3 (persistent cluster kernel, one
  // CUDA graph per step)"...: a sentence the interface translates.
  virtual Wording description() const = 0;
  virtual const LstmShape& shape() const = 0;

  // Forward and backward on one explicit batch (no update); the gradients stay inside
  // for apply_gradients.
  virtual Status forward_backward(const SequenceBatch& batch, ForwardBackwardResult* out) = 0;
  // Clips the held gradients to the configured global norm and takes one Adam step.
  virtual Status apply_gradients() = 0;

  // `steps` training steps over the text given at creation (which it needs). The GPU
  // trainer queues them and returns early; collect() waits for them.
  virtual Status train(int steps) = 0;
  virtual Status collect(TrainingProgress* out) = 0;
  // Runs `steps` training steps and measures them where they run: CUDA events around
  // them on the trainer's stream for the GPU, a steady clock for the CPU.
  virtual Status timed_train(int steps, double* milliseconds) = 0;
  // One training step timed phase by phase, for a "where does the time go" view and the
  // bench. The GPU runs it with eager launches and events between the phases, so each
  // phase includes its launch gaps.
  virtual Status profile_step(std::vector<PhaseTime>* out) = 0;

  // The model's mean cross-entropy (nats per character) over `text`, read the way
  // training reads its text (text_streams.h: the trainer's batch of streams, one pass,
  // the state zero at the start and carried between chunks), forward passes only. The
  // weights, Adam's state, the held gradients and the training streams' position and
  // state stay as they were. For a held-out text: a loss that measures learning, not
  // memorising.
  virtual Status evaluate(const std::vector<TokenId>& text, double* mean_loss) = 0;

  virtual Status get_weights(ModelWeights* out) = 0;
  // Replaces the weights (same shape), clears Adam's moments and restarts the streams.
  virtual Status set_weights(const ModelWeights& weights) = 0;
  virtual Status set_optimizer(const OptimizerConfig& config) = 0;
};

struct TrainerConfig {
  LstmShape shape;
  TrainingShape training;
  OptimizerConfig optimizer;
  int cpu_threads = 0;  // CPU trainer: OpenBLAS threads, 0 = OpenBLAS's own setting
};

// `text` may be null for a trainer that only runs explicit batches.
Status make_cpu_trainer(const TrainerConfig& config, const ModelWeights& initial,
                        std::shared_ptr<const std::vector<TokenId>> text, std::unique_ptr<Trainer>* out);

// How the GPU runs the time steps of the recurrence.
enum class GpuRecurrence {
  kAuto,               // the persistent cluster kernel where it applies, else per step
  kPersistentCluster,  // one kernel for all steps; needs compute capability 9.0 and
                       // hidden 32, 64, 128 or 256
  kPerStep,            // cuBLAS product plus a cell kernel for every step (any GPU, any size)
};
const char* recurrence_name(GpuRecurrence recurrence);

struct GpuTrainerOptions {
  GpuRecurrence recurrence = GpuRecurrence::kAuto;
  bool use_graph = true;  // capture the whole training step in one CUDA graph
};

Status make_gpu_trainer(const TrainerConfig& config, const ModelWeights& initial,
                        std::shared_ptr<const std::vector<TokenId>> text, const GpuTrainerOptions& options,
                        std::unique_ptr<Trainer>* out);

}  // namespace whygpu::lstm
