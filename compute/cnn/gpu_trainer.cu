// The GPU back end of Trainer: gpu_network.cuh's kernels, one CUDA graph per step.
#include "compute/cnn/gpu_trainer.h"

#include <algorithm>

#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/network_kernels.cuh"
#include "compute/cnn/trainer_loops.cuh"
#include "compute/cnn/training_feed.cuh"
#include "compute/cnn/training_state.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {
namespace {

using gpu::DeviceControl;
using gpu::DeviceMetrics;

constexpr int kEvalChunk = 256;

class GpuTrainerImpl final : public GpuTrainer {
 public:
  explicit GpuTrainerImpl(const TrainerOptions& options)
      : adam_(options.adam), batch_(options.batch_size), seed_(options.seed), augmentation_(options.augmentation) {}

  Status init() {
    if (Status s = stream_.create(); !s) return s;
    if (Status s = display_stream_.create(); !s) return s;
    if (Status s = blas_.create(stream_.get(), gpu::kCublasWorkspaceBytes); !s) return s;
    if (Status s = state_.reserve(kParameterCount); !s) return s;
    return reset(seed_);
  }

  ~GpuTrainerImpl() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  std::string name() const override { return "GPU: " + gpu_info().name; }

  Status set_training_data(const Dataset& train) override {
    if (Status s = check_training_data(train); !s) return s;
    if (Status s = sync(); !s) return s;
    graph_.reset();  // it holds the old data's pointers
    return feed_.set_data(train, seed_);
  }

  Status reset(std::uint64_t seed) override {
    seed_ = seed;
    if (Status s = set_parameters(initial_parameters(seed)); !s) return s.with_context("reset");
    feed_.restart(seed_);
    return Status::ok();
  }

  Status set_parameters(const std::vector<float>& params) override {
    if (Status s = check_parameter_count(params, "set_parameters"); !s) return s;
    if (Status s = sync(); !s) return s;
    WHYGPU_CUDA_TRY(
        cudaMemcpy(state_.params.get(), params.data(), kParameterCount * sizeof(float), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(state_.m.get(), 0, kParameterCount * sizeof(float)));
    WHYGPU_CUDA_TRY(cudaMemset(state_.v.get(), 0, kParameterCount * sizeof(float)));
    WHYGPU_CUDA_TRY(cudaMemset(state_.grads.get(), 0, kParameterCount * sizeof(float)));
    const DeviceControl control = gpu::initial_control(adam_, augment_state());
    WHYGPU_CUDA_TRY(cudaMemcpy(state_.control.get(), &control, sizeof control, cudaMemcpyHostToDevice));
    feed_.control_rewritten();
    steps_ = 0;
    images_seen_ = 0;
    return Status::ok();
  }

  Status get_parameters(std::vector<float>* params) override {
    if (Status s = sync(); !s) return s;
    params->resize(kParameterCount);
    WHYGPU_CUDA_TRY(
        cudaMemcpy(params->data(), state_.params.get(), kParameterCount * sizeof(float), cudaMemcpyDeviceToHost));
    return Status::ok();
  }

  Status set_batch_size(int batch) override {
    if (Status s = check_batch_size(batch); !s) return s;
    if (feed_.count() > 0 && batch > feed_.count())
      return Status::error(
          Wording::sentence(N_("batch size {0} is larger than the training set ({1} images)"),
                            {std::to_string(batch), std::to_string(feed_.count())}));
    batch_ = batch;
    return Status::ok();
  }
  int batch_size() const override { return batch_; }

  void set_learning_rate(float learning_rate) override {
    adam_.learning_rate = learning_rate;
    feed_.set_learning_rate(learning_rate);
  }
  float learning_rate() const override { return adam_.learning_rate; }
  void set_augmentation(const Augmentation& augmentation) override {
    augmentation_ = augmentation;
    feed_.set_augment(augment_state());
  }
  Augmentation augmentation() const override { return augmentation_; }

  Status train(int steps, std::vector<StepMetrics>* metrics) override {
    if (metrics) metrics->clear();
    if (Status s = prepare_step(); !s) return s;
    return gpu::train_in_chunks(
        stream_.get(), steps, gpu::kMetricsRing, [&] { return launch_step(); },
        [&](int chunk) { return metrics ? read_metrics(chunk, metrics) : Status::ok(); });
  }

  TrainProgress progress() const override {
    TrainProgress p;
    p.steps = steps_;
    p.images_seen = images_seen_;
    p.epoch_size = feed_.count();
    if (const EpochSampler* sampler = feed_.sampler()) {
      p.epochs_completed = sampler->epochs_completed();
      p.epoch_position = sampler->position();
    }
    return p;
  }

  Status evaluate(const Dataset& data, Evaluation* out) override {
    if (Status s = sync(); !s) return s;
    if (Status s = eval_ws_.reserve(kEvalChunk, false); !s) return s;
    const auto forward = [&](int first, int count, const float** probs) {
      if (Status s = gpu::enqueue_load_batch(context(), staging_images_.get(), staging_labels_.get(), nullptr, nullptr,
                                             first, count, eval_ws_);
          !s)
        return s;
      *probs = eval_ws_.probs;
      return gpu::enqueue_forward(context(), state_.params.get(), eval_ws_, count);
    };
    return gpu::evaluate_in_chunks(stream_.get(), data, kEvalChunk, &staging_images_, &staging_labels_, forward, out);
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
    if (Status s = gpu::enqueue_forward(context(), state_.params.get(), infer_ws_, 1); !s) return s;
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
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(display_params_.get(), state_.params.get(), sizeof(float) * kParameterCount,
                                    cudaMemcpyDeviceToDevice, stream_.get()));
    return sync();
  }
  const float* display_parameters() const override { return display_params_.get(); }
  void* display_stream() const override { return display_stream_.get(); }
  Status synchronize_display_stream() override { return display_stream_.synchronize(); }

  Status time_steps(int warmup, int repeats, StepTiming* out) override {
    if (Status s = prepare_step(); !s) return s;
    return gpu::time_training_steps(stream_.get(), warmup, repeats, batch_, [&] { return launch_step(); }, out);
  }

  void set_use_graph(bool use_graph) override { use_graph_ = use_graph; }

 private:
  gpu::Context context() const { return {stream_.get(), &blas_}; }

  AugmentState augment_state() const {
    return {augmentation_.max_degrees, augmentation_.max_shift, augment_seed(seed_)};
  }

  Status sync() { return stream_.synchronize(); }

  // The workspace for the batch size and, with graphs, the step captured for it.
  Status prepare_step() {
    if (feed_.count() <= 0)
      return Status::error(Wording::sentence(N_("no training data: call set_training_data first")));
    if (batch_ > feed_.count())
      return Status::error(
          Wording::sentence(N_("batch size {0} is larger than the training set"), {std::to_string(batch_)}));
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
    DeviceControl* control = state_.control.get();
    if (Status s = gpu::enqueue_load_batch(ctx, feed_.images(), feed_.labels(), feed_.order(), &control->cursor, 0,
                                           batch_, train_ws_, control);
        !s)
      return s;
    if (Status s = gpu::enqueue_forward_backward(ctx, state_.params.get(), train_ws_, batch_, state_.grads.get(),
                                                 control, state_.metrics.get());
        !s)
      return s;
    return gpu::enqueue_adam(ctx, state_.params.get(), state_.grads.get(), state_.m.get(), state_.v.get(),
                             kParameterCount, control);
  }

  // Queues one training step: what the feed has changed, then the graph (or, eager, the
  // step's kernels one by one).
  Status launch_step() {
    if (Status s = feed_.queue_step(stream_.get(), state_.control.get(), batch_); !s) return s;
    if (use_graph_) {
      if (Status s = graph_.launch(stream_.get()); !s) return s;
    } else if (Status s = enqueue_step(); !s) {
      return s;
    }
    ++steps_;
    images_seen_ += batch_;
    return Status::ok();
  }

  // The last `count` steps' metrics (count <= kMetricsRing), after a sync.
  Status read_metrics(int count, std::vector<StepMetrics>* metrics) {
    std::vector<DeviceMetrics> host(1);
    WHYGPU_CUDA_TRY(cudaMemcpy(host.data(), state_.metrics.get(), sizeof(DeviceMetrics), cudaMemcpyDeviceToHost));
    for (long step = steps_ - count + 1; step <= steps_; ++step) {
      const int slot = static_cast<int>((step - 1) % gpu::kMetricsRing);
      metrics->push_back({host[0].loss[slot], static_cast<float>(host[0].correct[slot]) / batch_});
    }
    return Status::ok();
  }

  AdamConfig adam_;
  int batch_;
  std::uint64_t seed_;
  Augmentation augmentation_;
  CudaStream stream_, display_stream_;
  CublasHandle blas_;
  gpu::TrainingState<DeviceControl, DeviceMetrics> state_;
  gpu::TrainingFeed feed_;
  DeviceBuffer<float> display_params_;
  DeviceBuffer<std::uint8_t> staging_images_, staging_labels_, infer_image_, infer_label_;
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
