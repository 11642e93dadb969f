#pragma once
// The GPU back end of Trainer (trainer.h): our CUDA kernels plus cuBLAS for the matrix
// products, the training set kept in device memory, and each whole training step (batch
// gather, forward, loss, backward, Adam) captured once into a CUDA graph and replayed,
// so a step costs one launch. A build without CUDA, or a machine without a usable GPU,
// gets a clear Status from create_gpu_trainer instead.
//
// Threading: as for every Trainer, drive one GpuTrainer from one thread at a time. Its
// calls finish their GPU work before returning, so once train() or infer() has returned,
// the device memory it exposes (parameters, activations) holds that call's results and
// another thread may read it on its own stream (for example to render feature maps
// through CUDA-GL interop), as long as it is not read while this trainer's next call
// is writing it: training_session.h arranges exactly that.
#include <array>
#include <memory>
#include <vector>

#include "compute/cnn/trainer.h"

namespace whygpu::cnn {

// A layer's activations for one image in device memory, [channel][y][x] floats.
struct DeviceLayerView {
  const float* data = nullptr;
  int channels = 0;
  int height = 0;
  int width = 0;
};

struct StepTiming {
  int batch = 0;
  int repeats = 0;
  double median_ms = 0.0;   // one graph replay, CUDA events around each
  double min_ms = 0.0;
  double back_to_back_ms = 0.0;  // mean over `repeats` replays queued without gaps
};

class GpuTrainer : public Trainer {
 public:
  // Activations of the image last given to infer(); null pointers before the first.
  // Valid until the next infer() or the trainer's destruction.
  virtual std::array<DeviceLayerView, kLayerCount> device_activations() const = 0;
  // A copy of the parameters in device memory (model.h layout, kParameterCount floats),
  // written only by copy_display_parameters(), so that another thread can draw the conv
  // filters while training goes on (training_session.h takes one lock around the copy
  // and around the drawing).
  virtual Status copy_display_parameters() = 0;
  virtual const float* display_parameters() const = 0;
  // A stream (cudaStream_t as void*) for other threads' reads of the display buffers.
  virtual void* display_stream() const = 0;
  virtual Status synchronize_display_stream() = 0;
  // Trains `warmup` steps, then `repeats` steps each timed with CUDA events around one
  // graph replay, then `repeats` more back to back; the model trains on for real.
  virtual Status time_steps(int warmup, int repeats, StepTiming* out) = 0;
  // False: each step launches its kernels one by one, as a framework without graphs
  // does, instead of replaying the captured graph (the timeline lesson compares the two).
  // Same results either way; takes effect from the next step. True by default.
  virtual void set_use_graph(bool use_graph) = 0;
};

Status create_gpu_trainer(const TrainerOptions& options, std::unique_ptr<GpuTrainer>* out);

// For tests: one training step of the GPU kernels (not the graph) on given weights and
// a given batch, every workspace buffer and output poisoned with NaN first. Returns the
// softmax outputs, the gradients, the mean loss and the weights after one Adam step
// from zero Adam state.
struct GpuStepCheck {
  std::vector<float> probabilities;  // batch x 10
  std::vector<float> gradients;      // one per parameter, unscaled, as Adam reads them
  std::vector<float> updated;        // the parameters after Adam
  double mean_loss = 0.0;
  int correct = 0;
};
Status run_gpu_step_check(const std::vector<float>& params, const std::vector<std::uint8_t>& images,
                          const std::vector<std::uint8_t>& labels, const AdamConfig& adam, GpuStepCheck* out);

// For tests: the training step's batch gather alone, on `images` in order, as step
// `step` gathers them with `augment` (zero: plain), into x (poisoned with NaN first).
Status run_gpu_gather_check(const std::vector<std::uint8_t>& images, const AugmentState& augment, int step,
                            std::vector<float>* x);

}  // namespace whygpu::cnn
