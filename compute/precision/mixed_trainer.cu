// MixedTrainer: mixed_network.cuh's kernels, one CUDA graph per step (per batch size and
// precision), in the shape of cnn::GpuTrainer.
#include "compute/precision/mixed_trainer.h"

#include <algorithm>
#include <optional>

#include "compute/cnn/device_training_set.cuh"
#include "compute/cnn/epoch_sampler.h"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/precision/mixed_network.cuh"

namespace whygpu::precision {
namespace {

using gpu::MixedControl;
using gpu::MixedMetrics;

constexpr int kEvalChunk = 256;

MixedControl fresh_control(const cnn::AdamConfig& adam, const LossScaleConfig& scaling, Precision precision,
                           const cnn::AugmentState& augment) {
  MixedControl c{};
  c.base.learning_rate = adam.learning_rate;
  c.base.beta1 = adam.beta1;
  c.base.beta2 = adam.beta2;
  c.base.epsilon = adam.epsilon;
  c.base.augment = augment;
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
    const std::size_t n = shape_.parameter_count;
    if (Status s = params_.reserve(n, "the parameters"); !s) return s;
    if (Status s = grads_.reserve(n, "the gradients"); !s) return s;
    if (Status s = m_.reserve(n, "Adam's first moments"); !s) return s;
    if (Status s = v_.reserve(n, "Adam's second moments"); !s) return s;
    if (Status s = control_.reserve(1, "the step control block"); !s) return s;
    if (Status s = metrics_.reserve(1, "the step metrics"); !s) return s;
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
    WHYGPU_CUDA_TRY(cudaMemcpy(&control_.get()->loss_scale, &scale, sizeof scale, cudaMemcpyHostToDevice));
    const int zero = 0;
    WHYGPU_CUDA_TRY(cudaMemcpy(&control_.get()->good_steps, &zero, sizeof zero, cudaMemcpyHostToDevice));
    return Status::ok();
  }

  Status set_training_data(const cnn::Dataset& train) override {
    if (Status s = cnn::check_training_data(train); !s) return s;
    if (options_.batch_size > train.count)
      return Status::error("batch size " + std::to_string(options_.batch_size) + " is larger than the training set (" +
                           std::to_string(train.count) + " images)");
    if (Status s = sync(); !s) return s;
    if (Status s = cnn::gpu::upload_training_set(train, &train_images_, &train_labels_, &order_); !s) return s;
    data_count_ = train.count;
    graph_.reset();  // it holds the old data's pointers
    restart_batches();
    return Status::ok();
  }

  Status reset(std::uint64_t seed) override {
    seed_ = seed;
    if (Status s = sync(); !s) return s;
    const std::vector<float> params = wide_initial_parameters(shape_, seed);
    const std::size_t bytes = sizeof(float) * params.size();
    WHYGPU_CUDA_TRY(cudaMemcpy(params_.get(), params.data(), bytes, cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(m_.get(), 0, bytes));
    WHYGPU_CUDA_TRY(cudaMemset(v_.get(), 0, bytes));
    WHYGPU_CUDA_TRY(cudaMemset(grads_.get(), 0, bytes));
    const MixedControl control = fresh_control(options_.adam, options_.loss_scale, precision_, augment_state());
    WHYGPU_CUDA_TRY(cudaMemcpy(control_.get(), &control, sizeof control, cudaMemcpyHostToDevice));
    steps_ = 0;
    restart_batches();
    return Status::ok();
  }

  void set_learning_rate(float learning_rate) override {
    options_.adam.learning_rate = learning_rate;
    learning_rate_dirty_ = true;
  }

  void set_augmentation(const cnn::Augmentation& augmentation) override {
    augmentation_ = augmentation;
    augmentation_dirty_ = true;
  }

  Status train(int steps, std::vector<MixedStepMetrics>* metrics) override {
    if (metrics) metrics->clear();
    if (Status s = prepare_step(); !s) return s;
    for (int done = 0; done < steps;) {
      const int chunk = std::min(steps - done, gpu::kMetricsRing);
      for (int s = 0; s < chunk; ++s)
        if (Status st = launch_step(); !st) return st;
      if (Status s = sync(); !s) return s;
      if (metrics)
        if (Status s = read_metrics(chunk, metrics); !s) return s;
      done += chunk;
    }
    return sync();
  }

  Status evaluate(const cnn::Dataset& data, cnn::Evaluation* out) override {
    if (data.count <= 0) return Status::error(data.name + ": holds no images to evaluate");
    if (data.pixels.size() != static_cast<std::size_t>(data.count) * cnn::kImagePixels)
      return Status::error(data.name + ": pixel array does not match its count");
    if (Status s = sync(); !s) return s;
    if (Status s = eval_ws_.reserve(shape_, precision_, kEvalChunk, false); !s) return s;
    if (Status s = eval_images_.reserve(data.pixels.size(), "the evaluation images"); !s) return s;
    if (Status s = eval_labels_.reserve(data.count, "the evaluation labels"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(eval_images_.get(), data.pixels.data(), data.pixels.size(), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemcpy(eval_labels_.get(), data.labels.data(), data.count, cudaMemcpyHostToDevice));
    const gpu::Context ctx = context();
    if (Status s = gpu::enqueue_cast_weights(ctx, shape_, precision_, params_.get(), eval_ws_); !s) return s;
    *out = cnn::Evaluation{};
    std::vector<float> probs(static_cast<std::size_t>(kEvalChunk) * cnn::kClasses);
    for (int first = 0; first < data.count; first += kEvalChunk) {
      const int n = std::min(kEvalChunk, data.count - first);
      if (Status s = cnn::gpu::enqueue_load_images(ctx, eval_images_.get(), eval_labels_.get(), nullptr, nullptr, first,
                                                   n, nullptr, eval_ws_.x, eval_ws_.labels);
          !s)
        return s;
      if (Status s = gpu::enqueue_forward(ctx, shape_, precision_, params_.get(), eval_ws_, n, false); !s) return s;
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(probs.data(), eval_ws_.probs, sizeof(float) * n * cnn::kClasses,
                                      cudaMemcpyDeviceToHost, stream_.get()));
      if (Status s = sync(); !s) return s;
      for (int i = 0; i < n; ++i) out->add(data.labels[first + i], probs.data() + i * cnn::kClasses);
    }
    out->finish();
    return Status::ok();
  }

  Status time_steps(int warmup, int repeats, cnn::StepTiming* out) override {
    if (Status s = prepare_step(); !s) return s;
    QueuedTiming timing;
    if (Status s = time_gpu_queued(stream_.get(), warmup, repeats, [&](int) { return launch_step(); }, &timing); !s)
      return s.with_context("time_steps");
    out->batch = options_.batch_size;
    out->repeats = repeats;
    out->median_ms = timing.each.median_ms;
    out->min_ms = timing.each.min_ms;
    out->back_to_back_ms = timing.back_to_back_ms;
    return Status::ok();
  }

  Status get_parameters(std::vector<float>* params) override {
    if (Status s = sync(); !s) return s;
    params->resize(shape_.parameter_count);
    WHYGPU_CUDA_TRY(cudaMemcpy(params->data(), params_.get(), sizeof(float) * params->size(), cudaMemcpyDeviceToHost));
    return Status::ok();
  }

  Status loss_scale(LossScaleState* out) override {
    if (Status s = sync(); !s) return s;
    MixedControl c;
    WHYGPU_CUDA_TRY(cudaMemcpy(&c, control_.get(), sizeof c, cudaMemcpyDeviceToHost));
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

  void restart_batches() {
    if (data_count_ > 0) sampler_.emplace(data_count_, cnn::batch_order_seed(seed_));
    device_cursor_ = -1;
  }

  Status prepare_step() {
    if (data_count_ <= 0) return Status::error("no training data: call set_training_data first");
    if (graph_.ready()) return Status::ok();
    if (Status s = train_ws_.reserve(shape_, precision_, options_.batch_size, true); !s) return s;
    return graph_.capture(stream_.get(), "the mixed-precision training step", [&] { return enqueue_step(); });
  }

  // One step: clear the overflow flag, gather the batch, cast the weights, forward,
  // backward, check and update.
  Status enqueue_step() {
    const gpu::Context ctx = context();
    MixedControl* control = control_.get();
    const int batch = options_.batch_size;
    WHYGPU_CUDA_TRY(cudaMemsetAsync(&control->overflow, 0, sizeof(unsigned int), ctx.stream));
    if (Status s = cnn::gpu::enqueue_load_images(ctx, train_images_.get(), train_labels_.get(), order_.get(),
                                                 &control->base.cursor, 0, batch, &control->base, train_ws_.x,
                                                 train_ws_.labels);
        !s)
      return s;
    if (Status s = gpu::enqueue_cast_weights(ctx, shape_, precision_, params_.get(), train_ws_); !s) return s;
    if (Status s = gpu::enqueue_forward(ctx, shape_, precision_, params_.get(), train_ws_, batch, true); !s) return s;
    if (Status s = gpu::enqueue_backward(ctx, shape_, precision_, params_.get(), train_ws_, batch, grads_.get(), control);
        !s)
      return s;
    return gpu::enqueue_finish_step(ctx, shape_, precision_, params_.get(), grads_.get(), m_.get(), v_.get(),
                                    train_ws_, batch, control, metrics_.get());
  }

  Status launch_step() {
    int start = 0;
    const int batch = options_.batch_size;
    const bool new_epoch = sampler_->next_batch(batch, &start);
    if (new_epoch)
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(order_.get(), sampler_->order().data(), sizeof(int) * data_count_,
                                      cudaMemcpyHostToDevice, stream_.get()));
    if (start != device_cursor_) {
      cursor_upload_ = start;
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->base.cursor, &cursor_upload_, sizeof cursor_upload_,
                                      cudaMemcpyHostToDevice, stream_.get()));
    }
    if (learning_rate_dirty_) {
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->base.learning_rate, &options_.adam.learning_rate, sizeof(float),
                                      cudaMemcpyHostToDevice, stream_.get()));
      learning_rate_dirty_ = false;
    }
    if (augmentation_dirty_) {
      augment_upload_ = augment_state();
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->base.augment, &augment_upload_, sizeof augment_upload_,
                                      cudaMemcpyHostToDevice, stream_.get()));
      augmentation_dirty_ = false;
    }
    if (Status s = graph_.launch(stream_.get()); !s) return s;
    device_cursor_ = start + batch;
    ++steps_;
    return Status::ok();
  }

  Status read_metrics(int count, std::vector<MixedStepMetrics>* metrics) {
    std::vector<MixedMetrics> host(1);
    WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), metrics_.get(), sizeof(MixedMetrics), cudaMemcpyDeviceToHost));
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
  bool learning_rate_dirty_ = false;
  bool augmentation_dirty_ = false;
  cnn::AugmentState augment_upload_{};  // sources of queued copies stay alive until they run
  int cursor_upload_ = 0;
  CudaStream stream_;
  CublasHandle blas_;
  DeviceBuffer<float> params_, grads_, m_, v_;
  DeviceBuffer<MixedControl> control_;
  DeviceBuffer<MixedMetrics> metrics_;
  DeviceBuffer<std::uint8_t> train_images_, train_labels_, eval_images_, eval_labels_;
  DeviceBuffer<int> order_;
  int data_count_ = 0;
  std::optional<cnn::EpochSampler> sampler_;
  int device_cursor_ = -1;
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
    return Status::error("the loss scale must start at 1 or more and grow after at least 1 good step");
  auto trainer = std::make_unique<MixedTrainerImpl>(options, shape);
  if (Status s = trainer->init(); !s) return s.with_context("mixed-precision trainer");
  *out = std::move(trainer);
  return Status::ok();
}

}  // namespace whygpu::precision
