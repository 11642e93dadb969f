// The CPU back end of Trainer: cpu_network.h in float, one ThreadPool, OpenBLAS GEMMs.
#include <cblas.h>

#include <algorithm>
#include <optional>

#include "compute/cnn/cpu_network.h"
#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/trainer.h"

namespace whygpu::cnn {
namespace {

// The trainer's pool by default: every hardware thread, up to this many.
constexpr int kMaxCpuThreads = 32;

constexpr int kEvalChunk = 256;

class CpuTrainer final : public Trainer {
 public:
  explicit CpuTrainer(const TrainerOptions& options)
      : pool_(options.cpu_threads > 0 ? options.cpu_threads : std::min(hardware_threads(), kMaxCpuThreads)),
        adam_(options.adam),
        augmentation_(options.augmentation),
        batch_(options.batch_size),
        seed_(options.seed) {
    reset(seed_);
  }

  std::string name() const override { return name_wording().english(); }
  Wording name_wording() const override {
    // A whole sentence for one thread: a Wording has no plural forms.
    if (pool_.size() == 1) return Wording::sentence(N_("CPU: OpenBLAS + 1 thread"));
    return Wording::sentence(N_("CPU: OpenBLAS + {0} threads"), {std::to_string(pool_.size())});
  }
  int cpu_threads() const override { return static_cast<int>(pool_.size()); }

  Status set_training_data(const Dataset& train) override {
    if (Status s = check_training_data(train); !s) return s;
    data_ = train;
    restart_batches();
    return Status::ok();
  }

  Status reset(std::uint64_t seed) override {
    seed_ = seed;
    params_ = initial_parameters(seed);
    zero_optimizer();
    restart_batches();
    return Status::ok();
  }

  Status set_parameters(const std::vector<float>& params) override {
    if (Status s = check_parameter_count(params, "set_parameters"); !s) return s;
    params_ = params;
    zero_optimizer();
    return Status::ok();
  }

  Status get_parameters(std::vector<float>* params) override {
    *params = params_;
    return Status::ok();
  }

  Status set_batch_size(int batch) override {
    if (Status s = check_batch_size(batch); !s) return s;
    if (data_.count > 0 && batch > data_.count)
      return Status::error(
          Wording::sentence(N_("batch size {0} is larger than the training set ({1} images)"),
                            {std::to_string(batch), std::to_string(data_.count)}));
    batch_ = batch;
    return Status::ok();
  }
  int batch_size() const override { return batch_; }
  void set_learning_rate(float learning_rate) override { adam_.learning_rate = learning_rate; }
  float learning_rate() const override { return adam_.learning_rate; }
  void set_augmentation(const Augmentation& augmentation) override { augmentation_ = augmentation; }
  Augmentation augmentation() const override { return augmentation_; }

  Status train(int steps, std::vector<StepMetrics>* metrics) override {
    gemms_on_pool_threads();
    if (data_.count <= 0)
      return Status::error(Wording::sentence(N_("no training data: call set_training_data first")));
    if (batch_ > data_.count)
      return Status::error(
          Wording::sentence(N_("batch size {0} is larger than the training set"), {std::to_string(batch_)}));
    if (metrics) metrics->clear();
    if (train_ws_.batch != batch_) train_ws_.resize(batch_, true);
    std::vector<std::uint8_t> labels(batch_);
    for (int s = 0; s < steps; ++s) {
      int start = 0;
      sampler_->next_batch(batch_, &start);
      const AugmentState augment{augmentation_.max_degrees, augmentation_.max_shift, augment_seed(seed_)};
      for (int i = 0; i < batch_; ++i) {
        const int index = sampler_->order()[start + i];
        const std::uint8_t* image = data_.image(index);
        float* x = train_ws_.x.data() + static_cast<std::size_t>(i) * kImagePixels;
        if (augmentation_.enabled()) {
          const AugmentTransform transform = augment_transform(augment, static_cast<int>(steps_), i);
          for (int p = 0; p < kImagePixels; ++p)
            x[p] = augmented_pixel(image, transform, p % kImageSide, p / kImageSide);
        } else {
          for (int p = 0; p < kImagePixels; ++p) x[p] = image[p] * (1.0f / 255.0f);
        }
        labels[i] = data_.labels[index];
      }
      cpu_forward(params_.data(), train_ws_, batch_, pool_);
      const BatchLoss loss = cpu_loss_and_logit_gradient(train_ws_, labels.data(), batch_);
      cpu_backward(params_.data(), train_ws_, batch_, grads_.data(), pool_);
      cpu_adam(params_.data(), grads_.data(), m_.data(), v_.data(), ++steps_, adam_, pool_);
      images_seen_ += batch_;
      if (metrics)
        metrics->push_back({static_cast<float>(loss.loss_sum / batch_), static_cast<float>(loss.correct) / batch_});
    }
    return Status::ok();
  }

  TrainProgress progress() const override {
    TrainProgress p;
    p.steps = steps_;
    p.images_seen = images_seen_;
    p.epoch_size = data_.count;
    if (sampler_) {
      p.epochs_completed = sampler_->epochs_completed();
      p.epoch_position = sampler_->position();
    }
    return p;
  }

  Status evaluate(const Dataset& data, Evaluation* out) override {
    gemms_on_pool_threads();
    if (data.count <= 0)
      return Status::error(Wording::sentence(N_("{0}: holds no images to evaluate"), {data.name}));
    *out = Evaluation{};
    if (eval_ws_.batch != kEvalChunk) eval_ws_.resize(kEvalChunk, false);
    for (int first = 0; first < data.count; first += kEvalChunk) {
      const int n = std::min(kEvalChunk, data.count - first);
      for (std::size_t i = 0; i < static_cast<std::size_t>(n) * kImagePixels; ++i)
        eval_ws_.x[i] = data.image(first)[i] * (1.0f / 255.0f);
      cpu_forward(params_.data(), eval_ws_, n, pool_);
      for (int i = 0; i < n; ++i) out->add(data.labels[first + i], eval_ws_.probs.data() + i * kClasses);
    }
    out->finish();
    return Status::ok();
  }

  Status infer(const std::uint8_t* image, Inference* out) override {
    gemms_on_pool_threads();
    if (infer_ws_.batch != 1) infer_ws_.resize(1, false);
    for (int p = 0; p < kImagePixels; ++p) infer_ws_.x[p] = image[p] * (1.0f / 255.0f);
    cpu_forward(params_.data(), infer_ws_, 1, pool_);
    for (int l = 0; l < kLayerCount; ++l) copy_activations(infer_ws_, 0, static_cast<Layer>(l), &out->activations[l]);
    std::copy(infer_ws_.probs.begin(), infer_ws_.probs.begin() + kClasses, out->probabilities.begin());
    out->predicted = argmax10(out->probabilities.data());
    return Status::ok();
  }

 private:
  void zero_optimizer() {
    grads_.assign(kParameterCount, 0.0f);
    m_.assign(kParameterCount, 0.0f);
    v_.assign(kParameterCount, 0.0f);
    steps_ = 0;
    images_seen_ = 0;
  }

  // OpenBLAS keeps one process-wide thread count, which other work (the matmul ladder's
  // OpenBLAS rung) may have changed: the GEMMs use the pool's count, so a caller that
  // leaves cores free for the UI gets that in the GEMMs too. More threads than free
  // cores makes OpenBLAS slower, not faster (on 2 cores with the UI busy: 39 ms a
  // step with 2 OpenBLAS threads, 25 ms with 1).
  void gemms_on_pool_threads() const { openblas_set_num_threads(pool_.size()); }

  void restart_batches() {
    if (data_.count > 0) sampler_.emplace(data_.count, batch_order_seed(seed_));
  }

  ThreadPool pool_;
  AdamConfig adam_;
  Augmentation augmentation_;
  int batch_;
  std::uint64_t seed_;
  std::vector<float> params_, grads_, m_, v_;
  long steps_ = 0;
  long images_seen_ = 0;
  Dataset data_;
  std::optional<EpochSampler> sampler_;
  CpuWorkspace<float> train_ws_, eval_ws_, infer_ws_;
};

}  // namespace

Status create_cpu_trainer(const TrainerOptions& options, std::unique_ptr<Trainer>* out) {
  if (Status s = check_batch_size(options.batch_size); !s) return s;
  *out = std::make_unique<CpuTrainer>(options);
  return Status::ok();
}

}  // namespace whygpu::cnn
