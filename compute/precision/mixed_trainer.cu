// MixedTrainer: mixed_network.cuh's kernels, one CUDA graph per step (per batch size and
// precision), fed, stored and driven as cnn::GpuTrainer is (training_feed.cuh,
// training_state.cuh, trainer_loops.cuh).
#include "compute/precision/mixed_trainer.h"

#include "compute/cnn/trainer_loops.cuh"
#include "compute/cnn/training_feed.cuh"
#include "compute/cnn/training_state.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/precision/mixed_network.cuh"

namespace whygpu::precision {
namespace {

using gpu::MixedControl;
using gpu::MixedMetrics;

constexpr int kEvalChunk = 256;

MixedControl fresh_control(const cnn::AdamConfig& adam, const LossScaleConfig& scaling, Precision precision,
                           const cnn::AugmentState& augment) {
  MixedControl c{};
  c.base = cnn::gpu::initial_control(adam, augment);
  c.loss_scale = precision == Precision::fp16 ? scaling.initial : 1.0f;
  c.growth_interval = scaling.growth_interval;
  return c;
}

class MixedTrainerImpl final : public MixedTrainer {
 public:
  MixedTrainerImpl(const MixedOptions& options, const WideShape& shape)
      : options_(options), shape_(shape), precision_(options.precision), seed_(options.seed) {}

  Status init() {
    if (Status s = stream_.create(); !s) return s;
    if (Status s = blas_.create(stream_.get(), cnn::gpu::kCublasWorkspaceBytes); !s) return s;
    if (Status s = state_.reserve(shape_.parameter_count); !s) return s;
    return reset(seed_);
  }

  ~MixedTrainerImpl() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  std::string name() const override {
    return "GPU: " + gpu_info().name + ", " + format_info(precision_).label + ", width x" +
           std::to_string(shape_.width);
  }
  const WideShape& shape() const override { return shape_; }
  Precision precision() const override { return precision_; }

  Status set_precision(Precision precision) override {
    if (precision == precision_) return Status::ok();
    if (Status s = sync(); !s) return s;
    precision_ = precision;
    graph_.reset();  // its products and buffers are the old precision's
    const float scale = precision == Precision::fp16 ? options_.loss_scale.initial : 1.0f;
    WHYGPU_CUDA_TRY(cudaMemcpy(&state_.control.get()->loss_scale, &scale, sizeof scale, cudaMemcpyHostToDevice));
    const int zero = 0;
    WHYGPU_CUDA_TRY(cudaMemcpy(&state_.control.get()->good_steps, &zero, sizeof zero, cudaMemcpyHostToDevice));
    return Status::ok();
  }

  Status set_training_data(const cnn::Dataset& train) override {
    if (Status s = cnn::check_training_data(train); !s) return s;
    if (options_.batch_size > train.count)
      return Status::error(
          Wording::sentence(N_("batch size {0} is larger than the training set ({1} images)"),
                            {std::to_string(options_.batch_size), std::to_string(train.count)}));
    if (Status s = sync(); !s) return s;
    graph_.reset();  // it holds the old data's pointers
    return feed_.set_data(train, seed_);
  }

  Status reset(std::uint64_t seed) override {
    seed_ = seed;
    if (Status s = sync(); !s) return s;
    const std::vector<float> params = wide_initial_parameters(shape_, seed);
    const std::size_t bytes = sizeof(float) * params.size();
    WHYGPU_CUDA_TRY(cudaMemcpy(state_.params.get(), params.data(), bytes, cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(state_.m.get(), 0, bytes));
    WHYGPU_CUDA_TRY(cudaMemset(state_.v.get(), 0, bytes));
    WHYGPU_CUDA_TRY(cudaMemset(state_.grads.get(), 0, bytes));
    const MixedControl control = fresh_control(options_.adam, options_.loss_scale, precision_, augment_state());
    WHYGPU_CUDA_TRY(cudaMemcpy(state_.control.get(), &control, sizeof control, cudaMemcpyHostToDevice));
    steps_ = 0;
    feed_.restart(seed_);
    return Status::ok();
  }

  void set_learning_rate(float learning_rate) override {
    options_.adam.learning_rate = learning_rate;
    feed_.set_learning_rate(learning_rate);
  }

  void set_augmentation(const cnn::Augmentation& augmentation) override {
    augmentation_ = augmentation;
    feed_.set_augment(augment_state());
  }

  Status train(int steps, std::vector<MixedStepMetrics>* metrics) override {
    if (metrics) metrics->clear();
    if (Status s = prepare_step(); !s) return s;
    return cnn::gpu::train_in_chunks(
        stream_.get(), steps, gpu::kMetricsRing, [&] { return launch_step(); },
        [&](int chunk) { return metrics ? read_metrics(chunk, metrics) : Status::ok(); });
  }

  Status evaluate(const cnn::Dataset& data, cnn::Evaluation* out) override {
    if (Status s = sync(); !s) return s;
    if (Status s = eval_ws_.reserve(shape_, precision_, kEvalChunk, false); !s) return s;
    const gpu::Context ctx = context();
    if (Status s = gpu::enqueue_cast_weights(ctx, shape_, precision_, state_.params.get(), eval_ws_); !s) return s;
    const auto forward = [&](int first, int count, const float** probs) {
      if (Status s = cnn::gpu::enqueue_load_images(ctx, eval_images_.get(), eval_labels_.get(), nullptr, nullptr,
                                                   first, count, nullptr, eval_ws_.x, eval_ws_.labels);
          !s)
        return s;
      *probs = eval_ws_.probs;
      return gpu::enqueue_forward(ctx, shape_, precision_, state_.params.get(), eval_ws_, count, false);
    };
    return cnn::gpu::evaluate_in_chunks(stream_.get(), data, kEvalChunk, &eval_images_, &eval_labels_, forward, out);
  }

  Status time_steps(int warmup, int repeats, cnn::StepTiming* out) override {
    if (Status s = prepare_step(); !s) return s;
    return cnn::gpu::time_training_steps(stream_.get(), warmup, repeats, options_.batch_size,
                                         [&] { return launch_step(); }, out);
  }

  Status get_parameters(std::vector<float>* params) override {
    if (Status s = sync(); !s) return s;
    params->resize(shape_.parameter_count);
    WHYGPU_CUDA_TRY(
        cudaMemcpy(params->data(), state_.params.get(), sizeof(float) * params->size(), cudaMemcpyDeviceToHost));
    return Status::ok();
  }

  Status loss_scale(LossScaleState* out) override {
    if (Status s = sync(); !s) return s;
    MixedControl c;
    WHYGPU_CUDA_TRY(cudaMemcpy(&c, state_.control.get(), sizeof c, cudaMemcpyDeviceToHost));
    out->scale = c.loss_scale;
    out->skipped_steps = c.skipped_steps;
    return Status::ok();
  }

  long steps() const override { return steps_; }

 private:
  gpu::Context context() const { return {stream_.get(), &blas_}; }
  Status sync() { return stream_.synchronize(); }

  cnn::AugmentState augment_state() const {
    return {augmentation_.max_degrees, augmentation_.max_shift, cnn::augment_seed(seed_)};
  }

  Status prepare_step() {
    if (feed_.count() <= 0)
      return Status::error(Wording::sentence(N_("no training data: call set_training_data first")));
    if (graph_.ready()) return Status::ok();
    if (Status s = train_ws_.reserve(shape_, precision_, options_.batch_size, true); !s) return s;
    return graph_.capture(stream_.get(), "the mixed-precision training step", [&] { return enqueue_step(); });
  }

  // One step: clear the overflow flag, gather the batch, cast the weights, forward,
  // backward, check and update.
  Status enqueue_step() {
    const gpu::Context ctx = context();
    MixedControl* control = state_.control.get();
    const int batch = options_.batch_size;
    WHYGPU_CUDA_TRY(cudaMemsetAsync(&control->overflow, 0, sizeof(unsigned int), ctx.stream));
    if (Status s = cnn::gpu::enqueue_load_images(ctx, feed_.images(), feed_.labels(), feed_.order(),
                                                 &control->base.cursor, 0, batch, &control->base, train_ws_.x,
                                                 train_ws_.labels);
        !s)
      return s;
    float* params = state_.params.get();
    if (Status s = gpu::enqueue_cast_weights(ctx, shape_, precision_, params, train_ws_); !s) return s;
    if (Status s = gpu::enqueue_forward(ctx, shape_, precision_, params, train_ws_, batch, true); !s) return s;
    if (Status s = gpu::enqueue_backward(ctx, shape_, precision_, params, train_ws_, batch, state_.grads.get(), control);
        !s)
      return s;
    return gpu::enqueue_finish_step(ctx, shape_, precision_, params, state_.grads.get(), state_.m.get(), state_.v.get(),
                                    train_ws_, batch, control, state_.metrics.get());
  }

  Status launch_step() {
    if (Status s = feed_.queue_step(stream_.get(), &state_.control.get()->base, options_.batch_size); !s) return s;
    if (Status s = graph_.launch(stream_.get()); !s) return s;
    ++steps_;
    return Status::ok();
  }

  Status read_metrics(int count, std::vector<MixedStepMetrics>* metrics) {
    std::vector<MixedMetrics> host(1);
    WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), state_.metrics.get(), sizeof(MixedMetrics), cudaMemcpyDeviceToHost));
    for (long step = steps_ - count + 1; step <= steps_; ++step) {
      const int slot = static_cast<int>((step - 1) % gpu::kMetricsRing);
      metrics->push_back({host[0].loss[slot], static_cast<float>(host[0].correct[slot]) / options_.batch_size,
                          host[0].loss_scale[slot], host[0].skipped[slot] != 0});
    }
    return Status::ok();
  }

  MixedOptions options_;
  WideShape shape_;
  Precision precision_;
  std::uint64_t seed_;
  cnn::Augmentation augmentation_;
  CudaStream stream_;
  CublasHandle blas_;
  cnn::gpu::TrainingState<MixedControl, MixedMetrics> state_;
  cnn::gpu::TrainingFeed feed_;
  DeviceBuffer<std::uint8_t> eval_images_, eval_labels_;
  gpu::MixedWorkspace train_ws_, eval_ws_;
  CudaGraph graph_;
  long steps_ = 0;
};

}  // namespace

Status create_mixed_trainer(const MixedOptions& options, std::unique_ptr<MixedTrainer>* out) {
  if (Status s = require_gpu(); !s) return s;
  if (Status s = cnn::check_batch_size(options.batch_size); !s) return s;
  WideShape shape;
  if (Status s = wide_shape(options.width, &shape); !s) return s;
  if (!(options.loss_scale.initial >= 1.0f) || options.loss_scale.growth_interval < 1)
    return Status::error(
        Wording::sentence(N_("the loss scale must start at 1 or more and grow after at least 1 good step")));
  auto trainer = std::make_unique<MixedTrainerImpl>(options, shape);
  if (Status s = trainer->init(); !s) return s.with_context("mixed-precision trainer");
  *out = std::move(trainer);
  return Status::ok();
}

}  // namespace whygpu::precision
