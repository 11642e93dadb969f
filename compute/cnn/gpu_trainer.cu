// The GPU back end of Trainer: gpu_network.cuh's kernels, one CUDA graph per step.
#include "compute/cnn/gpu_trainer.h"

#include <algorithm>
#include <optional>

#include "compute/cnn/device_training_set.cuh"
#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/gpu_network.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"

namespace whygpu::cnn {
namespace {

using gpu::DeviceControl;
using gpu::DeviceMetrics;

constexpr int kEvalChunk = 256;

DeviceControl fresh_control(const AdamConfig& adam, const AugmentState& augment) {
  DeviceControl c{};
  c.learning_rate = adam.learning_rate;
  c.beta1 = adam.beta1;
  c.beta2 = adam.beta2;
  c.epsilon = adam.epsilon;
  c.augment = augment;
  return c;
}

class GpuTrainerImpl final : public GpuTrainer {
 public:
  explicit GpuTrainerImpl(const TrainerOptions& options)
      : adam_(options.adam), batch_(options.batch_size), seed_(options.seed), augmentation_(options.augmentation) {}

  Status init() {
    if (Status s = stream_.create(); !s) return s;
    if (Status s = display_stream_.create(); !s) return s;
    if (Status s = blas_.create(stream_.get(), gpu::kCublasWorkspaceBytes); !s) return s;
    if (Status s = params_.reserve(kParameterCount, "parameters"); !s) return s;
    if (Status s = grads_.reserve(kParameterCount, "gradients"); !s) return s;
    if (Status s = m_.reserve(kParameterCount, "Adam first moments"); !s) return s;
    if (Status s = v_.reserve(kParameterCount, "Adam second moments"); !s) return s;
    if (Status s = control_.reserve(1, "the step control block"); !s) return s;
    if (Status s = metrics_.reserve(1, "the step metrics"); !s) return s;
    return reset(seed_);
  }

  ~GpuTrainerImpl() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  std::string name() const override { return "GPU: " + gpu_info().name; }

  Status set_training_data(const Dataset& train) override {
    if (Status s = check_training_data(train); !s) return s;
    if (Status s = sync(); !s) return s;
    if (Status s = gpu::upload_training_set(train, &train_images_, &train_labels_, &order_); !s) return s;
    data_count_ = train.count;
    graph_.reset();  // it holds the old data's pointers
    restart_batches();
    return Status::ok();
  }

  Status reset(std::uint64_t seed) override {
    seed_ = seed;
    if (Status s = set_parameters(initial_parameters(seed)); !s) return s.with_context("reset");
    restart_batches();
    return Status::ok();
  }

  Status set_parameters(const std::vector<float>& params) override {
    if (Status s = check_parameter_count(params, "set_parameters"); !s) return s;
    if (Status s = sync(); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(params_.get(), params.data(), kParameterCount * sizeof(float), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(m_.get(), 0, kParameterCount * sizeof(float)));
    WHYGPU_CUDA_TRY(cudaMemset(v_.get(), 0, kParameterCount * sizeof(float)));
    WHYGPU_CUDA_TRY(cudaMemset(grads_.get(), 0, kParameterCount * sizeof(float)));
    const DeviceControl control = fresh_control(adam_, augment_state());
    WHYGPU_CUDA_TRY(cudaMemcpy(control_.get(), &control, sizeof control, cudaMemcpyHostToDevice));
    device_cursor_ = 0;
    steps_ = 0;
    images_seen_ = 0;
    return Status::ok();
  }

  Status get_parameters(std::vector<float>* params) override {
    if (Status s = sync(); !s) return s;
    params->resize(kParameterCount);
    WHYGPU_CUDA_TRY(cudaMemcpy(params->data(), params_.get(), kParameterCount * sizeof(float), cudaMemcpyDeviceToHost));
    return Status::ok();
  }

  Status set_batch_size(int batch) override {
    if (Status s = check_batch_size(batch); !s) return s;
    if (data_count_ > 0 && batch > data_count_)
      return Status::error("batch size " + std::to_string(batch) + " is larger than the training set (" +
                           std::to_string(data_count_) + " images)");
    batch_ = batch;
    return Status::ok();
  }
  int batch_size() const override { return batch_; }

  void set_learning_rate(float learning_rate) override {
    adam_.learning_rate = learning_rate;
    learning_rate_dirty_ = true;
  }
  float learning_rate() const override { return adam_.learning_rate; }
  void set_augmentation(const Augmentation& augmentation) override {
    augmentation_ = augmentation;
    augmentation_dirty_ = true;
  }
  Augmentation augmentation() const override { return augmentation_; }

  Status train(int steps, std::vector<StepMetrics>* metrics) override {
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

  TrainProgress progress() const override {
    TrainProgress p;
    p.steps = steps_;
    p.images_seen = images_seen_;
    p.epoch_size = data_count_;
    if (sampler_) {
      p.epochs_completed = sampler_->epochs_completed();
      p.epoch_position = sampler_->position();
    }
    return p;
  }

  Status evaluate(const Dataset& data, Evaluation* out) override {
    if (data.count <= 0) return Status::error(data.name + ": holds no images to evaluate");
    if (data.pixels.size() != static_cast<std::size_t>(data.count) * kImagePixels)
      return Status::error(data.name + ": pixel array does not match its count");
    if (Status s = sync(); !s) return s;
    if (Status s = eval_ws_.reserve(kEvalChunk, false); !s) return s;
    if (Status s = staging_images_.reserve(data.pixels.size(), "the evaluation images"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(staging_images_.get(), data.pixels.data(), data.pixels.size(), cudaMemcpyHostToDevice));
    if (Status s = staging_labels_.reserve(data.count, "the evaluation labels"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(staging_labels_.get(), data.labels.data(), data.count, cudaMemcpyHostToDevice));
    *out = Evaluation{};
    std::vector<float> probs(static_cast<std::size_t>(kEvalChunk) * kClasses);
    for (int first = 0; first < data.count; first += kEvalChunk) {
      const int n = std::min(kEvalChunk, data.count - first);
      if (Status s = gpu::enqueue_load_batch(context(), staging_images_.get(), staging_labels_.get(), nullptr, nullptr,
                                             first, n, eval_ws_);
          !s)
        return s;
      if (Status s = gpu::enqueue_forward(context(), params_.get(), eval_ws_, n); !s) return s;
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(probs.data(), eval_ws_.probs, sizeof(float) * n * kClasses,
                                      cudaMemcpyDeviceToHost, stream_.get()));
      if (Status s = sync(); !s) return s;
      for (int i = 0; i < n; ++i) out->add(data.labels[first + i], probs.data() + i * kClasses);
    }
    out->finish();
    return Status::ok();
  }

  Status infer(const std::uint8_t* image, Inference* out) override {
    if (Status s = sync(); !s) return s;
    if (Status s = infer_ws_.reserve(1, false); !s) return s;
    if (Status s = infer_image_.reserve(kImagePixels, "the inference image"); !s) return s;
    if (Status s = infer_label_.reserve(1, "the inference label"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(infer_image_.get(), image, kImagePixels, cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(infer_label_.get(), 0, 1));
    if (Status s = gpu::enqueue_load_batch(context(), infer_image_.get(), infer_label_.get(), nullptr, nullptr, 0, 1,
                                           infer_ws_);
        !s)
      return s;
    if (Status s = gpu::enqueue_forward(context(), params_.get(), infer_ws_, 1); !s) return s;
    if (Status s = sync(); !s) return s;
    has_inference_ = true;
    const auto views = device_activations();
    for (int l = 0; l < kLayerCount; ++l) {
      out->activations[l].resize(kLayerShapes[l].size());
      WHYGPU_CUDA_TRY(cudaMemcpy(out->activations[l].data(), views[l].data, sizeof(float) * kLayerShapes[l].size(),
                                 cudaMemcpyDeviceToHost));
    }
    std::copy(out->activations[kLayerCount - 1].begin(), out->activations[kLayerCount - 1].end(),
              out->probabilities.begin());
    out->predicted = argmax10(out->probabilities.data());
    return Status::ok();
  }

  std::array<DeviceLayerView, kLayerCount> device_activations() const override {
    std::array<DeviceLayerView, kLayerCount> views{};
    if (!has_inference_) return views;
    const float* data[kLayerCount] = {infer_ws_.x,  infer_ws_.a1,   infer_ws_.p1, infer_ws_.a2,
                                      infer_ws_.p2, infer_ws_.flat, infer_ws_.h,  infer_ws_.probs};
    for (int l = 0; l < kLayerCount; ++l)
      views[l] = {data[l], kLayerShapes[l].channels, kLayerShapes[l].height, kLayerShapes[l].width};
    return views;
  }

  Status copy_display_parameters() override {
    if (Status s = display_params_.reserve(kParameterCount, "the display copy of the parameters"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(display_params_.get(), params_.get(), sizeof(float) * kParameterCount,
                                    cudaMemcpyDeviceToDevice, stream_.get()));
    return sync();
  }
  const float* display_parameters() const override { return display_params_.get(); }
  void* display_stream() const override { return display_stream_.get(); }
  Status synchronize_display_stream() override { return display_stream_.synchronize(); }

  Status time_steps(int warmup, int repeats, StepTiming* out) override {
    if (Status s = prepare_step(); !s) return s;
    QueuedTiming timing;
    if (Status s = time_gpu_queued(stream_.get(), warmup, repeats, [&](int) { return launch_step(); }, &timing); !s)
      return s.with_context("time_steps");
    out->batch = batch_;
    out->repeats = repeats;
    out->median_ms = timing.each.median_ms;
    out->min_ms = timing.each.min_ms;
    out->back_to_back_ms = timing.back_to_back_ms;
    return Status::ok();
  }

  void set_use_graph(bool use_graph) override { use_graph_ = use_graph; }

 private:
  gpu::Context context() const { return {stream_.get(), &blas_}; }

  AugmentState augment_state() const {
    return {augmentation_.max_degrees, augmentation_.max_shift, augment_seed(seed_)};
  }

  Status sync() { return stream_.synchronize(); }

  void restart_batches() {
    if (data_count_ > 0) sampler_.emplace(data_count_, batch_order_seed(seed_));
    device_cursor_ = -1;
  }

  // The workspace for the batch size and, with graphs, the step captured for it.
  Status prepare_step() {
    if (data_count_ <= 0) return Status::error("no training data: call set_training_data first");
    if (batch_ > data_count_)
      return Status::error("batch size " + std::to_string(batch_) + " is larger than the training set");
    if (!use_graph_) {
      if (batch_ > train_ws_.capacity()) graph_.reset();  // the workspace moves: the graph holds its pointers
      return train_ws_.reserve(batch_, true);
    }
    if (graph_.ready() && graph_batch_ == batch_) return Status::ok();
    if (Status s = train_ws_.reserve(batch_, true); !s) return s;
    const int batch = batch_;
    graph_batch_ = 0;
    const Status captured = graph_.capture(stream_.get(), "the training step", [&] { return enqueue_step(); });
    if (captured) graph_batch_ = batch;
    return captured;
  }

  // One training step's kernels on the stream: batch gather, forward, loss, backward, Adam.
  Status enqueue_step() {
    const gpu::Context ctx = context();
    DeviceControl* control = control_.get();
    if (Status s = gpu::enqueue_load_batch(ctx, train_images_.get(), train_labels_.get(), order_.get(),
                                           &control->cursor, 0, batch_, train_ws_, control);
        !s)
      return s;
    if (Status s = gpu::enqueue_forward_backward(ctx, params_.get(), train_ws_, batch_, grads_.get(), control,
                                                 metrics_.get());
        !s)
      return s;
    return gpu::enqueue_adam(ctx, params_.get(), grads_.get(), m_.get(), v_.get(), control);
  }

  // Queues one training step: the batch order and cursor when they changed, then the graph
  // (or, eager, the step's kernels one by one).
  Status launch_step() {
    int start = 0;
    const bool new_epoch = sampler_->next_batch(batch_, &start);
    if (new_epoch)
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(order_.get(), sampler_->order().data(), sizeof(int) * data_count_,
                                      cudaMemcpyHostToDevice, stream_.get()));
    if (start != device_cursor_)
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->cursor, &start, sizeof start, cudaMemcpyHostToDevice,
                                      stream_.get()));
    if (augmentation_dirty_) {
      augment_upload_ = augment_state();
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->augment, &augment_upload_, sizeof augment_upload_,
                                      cudaMemcpyHostToDevice, stream_.get()));
      augmentation_dirty_ = false;
    }
    if (learning_rate_dirty_) {
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(&control_.get()->learning_rate, &adam_.learning_rate, sizeof(float),
                                      cudaMemcpyHostToDevice, stream_.get()));
      learning_rate_dirty_ = false;
    }
    if (use_graph_) {
      if (Status s = graph_.launch(stream_.get()); !s) return s;
    } else if (Status s = enqueue_step(); !s) {
      return s;
    }
    device_cursor_ = start + batch_;
    ++steps_;
    images_seen_ += batch_;
    return Status::ok();
  }

  // The last `count` steps' metrics (count <= kMetricsRing), after a sync.
  Status read_metrics(int count, std::vector<StepMetrics>* metrics) {
    std::vector<DeviceMetrics> host(1);
    WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), metrics_.get(), sizeof(DeviceMetrics), cudaMemcpyDeviceToHost));
    for (long step = steps_ - count + 1; step <= steps_; ++step) {
      const int slot = static_cast<int>((step - 1) % gpu::kMetricsRing);
      metrics->push_back({host[0].loss[slot], static_cast<float>(host[0].correct[slot]) / batch_});
    }
    return Status::ok();
  }

  AdamConfig adam_;
  int batch_;
  std::uint64_t seed_;
  bool learning_rate_dirty_ = false;
  Augmentation augmentation_;
  bool augmentation_dirty_ = false;
  AugmentState augment_upload_{};  // the source of the queued copy stays alive until it runs
  CudaStream stream_, display_stream_;
  CublasHandle blas_;
  DeviceBuffer<float> params_, grads_, m_, v_, display_params_;
  DeviceBuffer<DeviceControl> control_;
  DeviceBuffer<DeviceMetrics> metrics_;
  DeviceBuffer<std::uint8_t> train_images_, train_labels_, staging_images_, staging_labels_, infer_image_, infer_label_;
  DeviceBuffer<int> order_;
  int data_count_ = 0;
  std::optional<EpochSampler> sampler_;
  int device_cursor_ = -1;
  gpu::Workspace train_ws_, eval_ws_, infer_ws_;
  CudaGraph graph_;
  int graph_batch_ = 0;
  bool use_graph_ = true;
  bool has_inference_ = false;
  long steps_ = 0;
  long images_seen_ = 0;
};

}  // namespace

Status create_gpu_trainer(const TrainerOptions& options, std::unique_ptr<GpuTrainer>* out) {
  if (Status s = require_gpu(); !s) return s;
  if (Status s = check_batch_size(options.batch_size); !s) return s;
  auto trainer = std::make_unique<GpuTrainerImpl>(options);
  if (Status s = trainer->init(); !s) return s.with_context("GPU trainer");
  *out = std::move(trainer);
  return Status::ok();
}

}  // namespace whygpu::cnn
