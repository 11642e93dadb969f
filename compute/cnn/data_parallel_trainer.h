#pragma once
// Data-parallel training of the MNIST CNN on the GPUs of one machine: every GPU holds a
// replica of the network (gpu_network.cuh's kernels, as GpuTrainer runs them) and takes
// its own slice of every batch; after each replica's backward pass NCCL's all-reduce
// averages the gradients across the GPUs in place, and every replica then takes the same
// Adam step, so the replicas stay identical. With the total batch B split into N slices of
// B/N, the averaged gradient is the mean over all B images, as one GPU with batch B
// computes it (the same up to float rounding; with one GPU, bit for bit).
//
// One process, one host thread: each step queues every replica's work on its own device
// and stream, the all-reduces of all replicas in ncclGroupStart/ncclGroupEnd groups, then
// every replica's update. By default one all-reduce of the whole flat gradient follows
// the backward pass. Overlapped (AllReduceWay::kOverlapped), the gradients are averaged in
// buckets, one a layer, on an urgent stream of their own, each as soon as the backward
// pass has finished its layer (an event recorded inside the captured step), so only the
// first layer's all-reduce is left when the backward pass ends. For this small network
// the overlap does not pay: on two and four H200s (compute/cnn/BENCH.md) the step is
// slower with it, since what is left of the backward pass after its last layers is a few
// tens of microseconds, each all-reduce costs 10-15 whatever its size, and the kernels slow
// down while NCCL's run beside them. The third way (kPeerOneShot) is not NCCL's: one kernel
// a GPU reads every GPU's gradients over the links and sums them, in one hop instead of the
// ring's 2 (N-1) (peer_all_reduce.cuh); it needs GPUs that reach each other's memory.
// NCCL is opened at run time (compute/core/nccl_library.h): without it
// create_data_parallel_trainer says "NCCL is not installed".
//
// Threading: drive one DataParallelTrainer from one thread at a time.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/cnn/dataset.h"
#include "compute/cnn/model_math.h"
#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

// How the replicas' gradients are averaged every step.
enum class AllReduceWay {
  kAfterBackward,  // NCCL, the whole flat gradient in one all-reduce once the backward pass is done
  kOverlapped,     // NCCL, one bucket a layer, each as soon as the backward pass has finished it
  kPeerOneShot,    // ours, after the backward pass: one kernel a GPU, over peer access
};

struct DataParallelOptions {
  int gpus = 1;                         // devices 0 .. gpus-1, one replica each
  int batch_per_gpu = kDefaultBatch;    // each replica's slice; the step's batch is gpus x this
  std::uint64_t seed = TrainerOptions{}.seed;  // initial weights and batch order, as GpuTrainer's
  AdamConfig adam;
  AllReduceWay all_reduce = AllReduceWay::kAfterBackward;
};

// Where one step's time went on one GPU, from that GPU's own CUDA events, in ms from the
// start of its step (GPUs' clocks are not compared with each other).
struct ReplicaPhases {
  double compute_end_ms = 0.0;     // batch gather, forward and backward done
  double all_reduce_end_ms = 0.0;  // the gradients averaged (waiting for the slowest GPU included)
  double update_end_ms = 0.0;      // Adam done: the step's end
};

struct DataParallelTiming {
  int gpus = 0;
  int batch_per_gpu = 0;
  int repeats = 0;
  // Medians over the timed steps, as GPU 0's events see them (after warm-up).
  double step_ms = 0.0;
  AllReduceWay all_reduce = AllReduceWay::kAfterBackward;  // how the gradients were averaged
  double compute_ms = 0.0;     // gather, forward, backward and Adam
  // From the end of backward to the averaged gradients: the whole all-reduce without the
  // overlap; with it, the part the backward pass did not hide.
  double all_reduce_ms = 0.0;
  double back_to_back_ms = 0.0;  // mean step time with steps queued without gaps (slowest GPU)
  // Per GPU: the phases of the step with the median time (median_sample_index: of an even
  // count of steps, the lower of the two middle ones).
  std::vector<ReplicaPhases> median_step;
  double images_per_second() const { return step_ms > 0 ? gpus * batch_per_gpu * 1e3 / step_ms : 0.0; }
};

class DataParallelTrainer {
 public:
  virtual ~DataParallelTrainer() = default;

  // "2 x NVIDIA H100 80GB HBM3, NCCL 2.28.3"
  virtual std::string name() const = 0;
  virtual std::string nccl_version() const = 0;  // "2.28.3"
  virtual int gpus() const = 0;
  virtual int batch_per_gpu() const = 0;

  // Copies the training set to every GPU and restarts the batch order from the seed.
  virtual Status set_training_data(const Dataset& train) = 0;
  // `steps` optimizer steps; metrics (one per step: the mean loss over the whole batch
  // and its accuracy) when given.
  virtual Status train(int steps, std::vector<StepMetrics>* metrics) = 0;
  // Trains `warmup` steps, then `repeats` steps timed phase by phase, then `repeats` more
  // back to back; the model trains on for real.
  virtual Status time_steps(int warmup, int repeats, DataParallelTiming* out) = 0;

  // GPU `rank`'s weights (model.h layout); every rank holds the same after each step.
  virtual Status get_parameters(int rank, std::vector<float>* params) = 0;
  // GPU `rank`'s gradients of the last step after the all-reduce: the mean over the step's
  // whole batch.
  virtual Status get_gradients(int rank, std::vector<float>* grads) = 0;
};

// The CUDA devices this process sees (0 without a GPU or in a build without CUDA).
int cuda_device_count();

// Errors: no GPU, fewer GPUs than asked, NCCL missing, a bad batch, GPUs without peer
// access for kPeerOneShot.
Status create_data_parallel_trainer(const DataParallelOptions& options, std::unique_ptr<DataParallelTrainer>* out);

}  // namespace whygpu::cnn
