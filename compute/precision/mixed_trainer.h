#pragma once
// Training the wide network (wide_model.h) on the GPU in FP32, TF32, BF16 or FP16
// (mixed_network.cuh says what each keeps in 16 bits): FP32 master weights and sums,
// FP16 with dynamic loss scaling, the precision changeable between any two steps (the
// weights and Adam's state carry over). Each step is one CUDA graph replay, as in
// cnn::GpuTrainer; the batch order and the augmentation are cnn's, so with the same
// seed every precision sees the same batches. Needs an NVIDIA GPU: without one,
// create_mixed_trainer says why.
//
// Threading: drive one MixedTrainer from one thread at a time.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compute/cnn/augmentation.h"
#include "compute/cnn/dataset.h"
#include "compute/cnn/evaluation.h"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/model_math.h"
#include "compute/precision/number_formats.h"
#include "compute/precision/wide_model.h"

namespace whygpu::precision {

struct LossScaleConfig {
  float initial = 65536.0f;   // 2^16, as PyTorch's GradScaler starts
  int growth_interval = 2000; // good steps in a row before the scale doubles
};

struct MixedOptions {
  int width = 1;
  Precision precision = Precision::fp32;
  int batch_size = cnn::kDefaultBatch;
  std::uint64_t seed = 1;
  cnn::AdamConfig adam;
  LossScaleConfig loss_scale;
};

struct MixedStepMetrics {
  float loss = 0.0f;
  float accuracy = 0.0f;
  float loss_scale = 1.0f;  // the scale this step used (1 outside fp16)
  bool skipped = false;     // fp16: a gradient overflowed, so no update
};

struct LossScaleState {
  float scale = 1.0f;
  int skipped_steps = 0;  // since the last reset
};

class MixedTrainer {
 public:
  virtual ~MixedTrainer() = default;
  // "GPU: NVIDIA H100 80GB HBM3, BF16, width x4"
  virtual std::string name() const = 0;
  virtual const WideShape& shape() const = 0;
  virtual Precision precision() const = 0;
  // From the next step on; an fp16 start (or restart) takes the configured initial scale.
  virtual Status set_precision(Precision precision) = 0;
  virtual Status set_training_data(const cnn::Dataset& train) = 0;
  // Fresh weights from the seed, Adam state and loss scale reset, batch order restarted.
  virtual Status reset(std::uint64_t seed) = 0;
  virtual void set_learning_rate(float learning_rate) = 0;
  virtual void set_augmentation(const cnn::Augmentation& augmentation) = 0;
  virtual Status train(int steps, std::vector<MixedStepMetrics>* metrics) = 0;
  // Forward passes in the current precision over every image of data.
  virtual Status evaluate(const cnn::Dataset& data, cnn::Evaluation* out) = 0;
  // As cnn::GpuTrainer::time_steps (the model trains on for real).
  virtual Status time_steps(int warmup, int repeats, cnn::StepTiming* out) = 0;
  virtual Status get_parameters(std::vector<float>* params) = 0;
  virtual Status loss_scale(LossScaleState* out) = 0;
  virtual long steps() const = 0;  // steps run (skipped ones included)
};

Status create_mixed_trainer(const MixedOptions& options, std::unique_ptr<MixedTrainer>* out);

// For tests: one training step's kernels (not the graph) on given weights and images in
// one precision, every buffer poisoned first; fp16 multiplies the loss by `loss_scale`.
// The results are cnn::GpuStepCheck's (the weights unchanged when the step was skipped).
struct MixedStepCheck : cnn::GpuStepCheck {
  bool skipped = false;
  float loss_scale_after = 1.0f;
};
Status run_mixed_step_check(const WideShape& shape, Precision precision, const std::vector<float>& params,
                            const std::vector<std::uint8_t>& images, const std::vector<std::uint8_t>& labels,
                            const cnn::AdamConfig& adam, float loss_scale, MixedStepCheck* out);

// For tests: values through the precision's storage type and back on the device.
Status run_gpu_round_trip(Precision precision, const std::vector<float>& in, std::vector<float>* out);
// For tests: the unscale-and-check kernel: grads / scale, and whether any is not finite.
Status run_gpu_unscale_check(const std::vector<float>& grads, float scale, std::vector<float>* out,
                             bool* overflow);

}  // namespace whygpu::precision
