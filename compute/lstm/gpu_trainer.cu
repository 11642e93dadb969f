// The GPU trainer: cuBLAS for every product over the whole sequence, the persistent
// cluster kernel (gpu_recurrence.cuh) or per-step kernels for the time steps, and the
// whole training step (chunk gathering, forward, backward, clipping, Adam, carrying the
// state) captured once in a CUDA graph and replayed.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_check.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/lstm/gpu_kernels.cuh"
#include "compute/lstm/gpu_recurrence.cuh"
#include "compute/lstm/text_streams.h"
#include "compute/lstm/trainer.h"

namespace whygpu::lstm {
namespace {

using gpu::DeviceCounters;

class GpuTrainer final : public Trainer {
 public:
  ~GpuTrainer() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  Status init(const TrainerConfig& config, const ModelWeights& initial,
              std::shared_ptr<const std::vector<TokenId>> text, const GpuTrainerOptions& options) {
    config_ = config;
    options_ = options;
    layout_ = parameter_layout(config.shape);
    const GpuInfo& info = gpu_info();
    if (Status s = require_gpu(); !s) return s;
    device_ = info.device;
    device_name_ = info.name;
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));

    recurrence_ = options.recurrence;
    std::string why;
    const bool cluster_ok = gpu::cluster_recurrence_available(config.shape.hidden, &why);
    if (recurrence_ == GpuRecurrence::kAuto)
      recurrence_ = cluster_ok ? GpuRecurrence::kPersistentCluster : GpuRecurrence::kPerStep;
    if (recurrence_ == GpuRecurrence::kPersistentCluster && !cluster_ok)
      return Status::error(Wording::sentence(N_("the persistent LSTM kernel cannot run here: {0}"), {why}));

    const int V = config.shape.vocab, E = config.shape.embed, H = config.shape.hidden, G = 4 * H;
    const int B = config.training.batch, T = config.training.length;
    const std::size_t rows = static_cast<std::size_t>(B) * T, P = layout_.total;
    const std::size_t state = static_cast<std::size_t>(B) * H;
    if (text) {
      if (Status s = check_tokens(*text, V); !s) return s;
      if (Status s = TextStreams::create(text->size(), config.training, &streams_); !s) return s;
    }
    const double bytes =
        4.0 * (4 * P + rows * (2.0 * E + 3.0 * G + V + H + 2) + 2.0 * (rows + B) * H + 4.0 * state) +
        (text ? 2.0 * text->size() : 0.0);
    std::size_t free_bytes = 0, total_bytes = 0;
    WHYGPU_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (bytes + (64 << 20) > static_cast<double>(free_bytes))
      return Status::error(Wording::sentence(
          N_("training this model needs {0} MB of GPU memory; the {1} has {2} MB free"),
          {std::to_string(static_cast<long long>(bytes / 1e6)), device_name_,
           std::to_string(free_bytes / 1000000)}));

    if (Status s = stream_.create(); !s) return s;
    // True FP32 (no TF32), and a workspace of its own so that cuBLAS never allocates while
    // a graph is being captured.
    if (Status s = cublas_.create(stream_.get(), 4 << 20); !s) return s;

    for (auto* a : {&params_, &grads_, &adam_m_, &adam_v_})
      if (Status s = a->allocate(P); !s) return s;
    for (auto* a : {&inputs_, &targets_})
      if (Status s = a->allocate(rows); !s) return s;
    if (Status s = x_.allocate(rows * E); !s) return s;
    if (Status s = d_x_.allocate(rows * E); !s) return s;
    for (auto* a : {&pre_, &acts_, &d_gates_})
      if (Status s = a->allocate(rows * G); !s) return s;
    for (auto* a : {&h_seq_, &c_seq_})
      if (Status s = a->allocate(rows * H + state); !s) return s;
    if (Status s = logits_.allocate(rows * V); !s) return s;
    if (Status s = d_h_out_.allocate(rows * H); !s) return s;
    for (auto* a : {&d_h_rec_, &d_c_})
      if (Status s = a->allocate(state); !s) return s;
    if (Status s = ones_.allocate(rows); !s) return s;
    for (auto* a : {&kept_h_, &kept_c_})
      if (Status s = a->allocate(state); !s) return s;
    for (auto* a : {&counters_, &eval_counters_})
      if (Status s = a->allocate(1); !s) return s;
    if (Status s = optimizer_.allocate(1); !s) return s;
    if (Status s = host_counters_.allocate(1, false); !s) return s;
    if (text) {
      if (Status s = text_.allocate(text->size()); !s) return s;
      WHYGPU_CUDA_TRY(cudaMemcpy(text_.get(), text->data(), text->size() * sizeof(TokenId), cudaMemcpyHostToDevice));
    }
    // Poison every work buffer with NaN (all bits set), so a value some kernel forgot to
    // write shows up in the results instead of passing as a stale zero.
    for (auto* a : {&x_, &d_x_, &pre_, &acts_, &d_gates_, &h_seq_, &c_seq_, &logits_, &d_h_out_, &d_h_rec_, &d_c_, &grads_})
      WHYGPU_CUDA_TRY(cudaMemset(a->get(), 0xFF, a->bytes()));
    const std::vector<float> ones(rows, 1.0f);
    WHYGPU_CUDA_TRY(cudaMemcpy(ones_.get(), ones.data(), rows * sizeof(float), cudaMemcpyHostToDevice));
    has_text_ = static_cast<bool>(text);
    if (Status s = set_optimizer(config.optimizer); !s) return s;
    return set_weights(initial);
  }

  Wording description() const override {
    return Wording::sentence(options_.use_graph ? N_("{0} ({1}, one CUDA graph per step)") : N_("{0} ({1}, eager launches)"),
                             {device_name_, Wording::sentence(recurrence_name(recurrence_))});
  }
  const LstmShape& shape() const override { return config_.shape; }

  Status forward_backward(const SequenceBatch& batch, ForwardBackwardResult* out) override {
    if (Status s = validate_batch(batch, config_.shape); !s) return s;
    if (batch.batch != config_.training.batch || batch.length != config_.training.length)
      return Status::error(Wording::sentence(N_("this GPU trainer was made for batch {0} x length {1}"),
                                             {std::to_string(config_.training.batch),
                                              std::to_string(config_.training.length)}));
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    const std::size_t rows = batch.inputs.size(), state = batch.h0.size();
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(inputs_.get(), batch.inputs.data(), rows * sizeof(int), cudaMemcpyHostToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(targets_.get(), batch.targets.data(), rows * sizeof(int), cudaMemcpyHostToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(h_seq_.get(), batch.h0.data(), state * sizeof(float), cudaMemcpyHostToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(c_seq_.get(), batch.c0.data(), state * sizeof(float), cudaMemcpyHostToDevice, stream_));
    if (Status s = enqueue_forward_backward(); !s) return s;
    out->gradients.resize(layout_.total);
    out->hidden_states.resize(h_seq_.count());
    out->cell_states.resize(c_seq_.count());
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(host_counters_.get(), counters_.get(), sizeof(DeviceCounters), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(out->gradients.data(), grads_.get(), grads_.bytes(), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(out->hidden_states.data(), h_seq_.get(), h_seq_.bytes(), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(out->cell_states.data(), c_seq_.get(), c_seq_.bytes(), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    out->loss = host_counters_.get()->step_loss / static_cast<double>(rows);
    return Status::ok();
  }

  Status apply_gradients() override {
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    if (Status s = enqueue_update(false); !s) return s;
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    return Status::ok();
  }

  Status train(int steps) override {
    if (!has_text_)
      return Status::error(Wording::sentence(N_("this trainer was made without a text to train on")));
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    if (options_.use_graph && !graph_.ready())
      if (Status s = capture_training_step(); !s) return s;
    for (int i = 0; i < steps; ++i) {
      if (graph_.ready()) {
        if (Status s = graph_.launch(stream_); !s) return s;
      } else if (Status s = enqueue_training_step(); !s) {
        return s;
      }
    }
    return Status::ok();
  }

  Status timed_train(int steps, double* milliseconds) override {
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    if (options_.use_graph && !graph_.ready())
      if (Status s = capture_training_step(); !s) return s;  // not inside the timed region
    CudaEvent begin, end;
    Status s = begin.create();
    if (s) s = end.create();
    if (s) s = begin.record(stream_);
    if (s) s = train(steps);
    if (s) s = end.record(stream_);
    if (s) s = end.synchronize();
    float ms = 0.0f;
    if (s) s = CudaEvent::elapsed_ms(begin, end, &ms);
    *milliseconds = ms;
    return s;
  }

  Status profile_step(std::vector<PhaseTime>* out) override {
    if (!has_text_)
      return Status::error(Wording::sentence(N_("this trainer was made without a text to train on")));
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    std::vector<std::pair<std::string, CudaEvent>> marks;
    marks_ = &marks;
    Status s = mark("start");
    if (s) s = enqueue_training_step();
    marks_ = nullptr;
    if (s) s = stream_.synchronize();
    out->clear();
    for (std::size_t i = 1; s && i < marks.size(); ++i) {
      float ms = 0.0f;
      s = CudaEvent::elapsed_ms(marks[i - 1].second, marks[i].second, &ms);
      out->push_back({marks[i].first, ms});
    }
    return s;
  }

  Status collect(TrainingProgress* out) override {
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(host_counters_.get(), counters_.get(), sizeof(DeviceCounters), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    const DeviceCounters& c = *host_counters_.get();
    out->steps = c.adam_steps;
    out->new_steps = static_cast<int>(c.loss_steps - reported_steps_);
    out->mean_loss = out->new_steps > 0 ? (c.loss_total - reported_loss_) / out->new_steps : 0.0;
    out->gradient_norm = std::sqrt(c.norm_squared);
    reported_steps_ = c.loss_steps;
    reported_loss_ = c.loss_total;
    return Status::ok();
  }

  Status evaluate(const std::vector<TokenId>& text, double* mean_loss) override {
    TextStreams streams;
    if (Status s = check_tokens(text, config_.shape.vocab); !s) return s;
    if (Status s = TextStreams::create(text.size(), config_.training, &streams); !s) return s;
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));  // queued steps may still use what reserve frees
    const int chunks = streams.chunks_per_pass();
    std::vector<int> chunk_numbers(static_cast<std::size_t>(chunks));
    std::iota(chunk_numbers.begin(), chunk_numbers.end(), 0);
    if (Status s = eval_text_.reserve(text.size(), "the evaluation text"); !s) return s;
    if (Status s = eval_chunks_.reserve(chunk_numbers.size(), "the evaluation's chunk numbers"); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpy(eval_text_.get(), text.data(), text.size() * sizeof(TokenId), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemcpy(eval_chunks_.get(), chunk_numbers.data(), chunk_numbers.size() * sizeof(int),
                               cudaMemcpyHostToDevice));
    // The chunks overwrite the training streams' carried state (the last slot of
    // h_seq_/c_seq_), so it is kept aside and put back.
    const TrainingShape& t = config_.training;
    const std::size_t state = static_cast<std::size_t>(t.batch) * config_.shape.hidden;
    const std::size_t last = static_cast<std::size_t>(t.length) * state;
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(kept_h_.get(), h_seq_.get() + last, state * sizeof(float), cudaMemcpyDeviceToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(kept_c_.get(), c_seq_.get() + last, state * sizeof(float), cudaMemcpyDeviceToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemsetAsync(eval_counters_.get(), 0, sizeof(DeviceCounters), stream_));
    for (int chunk = 0; chunk < chunks; ++chunk) {
      if (Status s = gpu::launch_prepare_chunk(eval_text_.get(), streams.segment(), t.length, t.batch,
                                               config_.shape.hidden, eval_chunks_.get() + chunk, inputs_.get(),
                                               targets_.get(), h_seq_.get(), c_seq_.get(), stream_); !s) return s;
      if (Status s = enqueue_forward(eval_counters_.get()); !s) return s;
    }
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(h_seq_.get() + last, kept_h_.get(), state * sizeof(float), cudaMemcpyDeviceToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(c_seq_.get() + last, kept_c_.get(), state * sizeof(float), cudaMemcpyDeviceToDevice, stream_));
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(host_counters_.get(), eval_counters_.get(), sizeof(DeviceCounters), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    *mean_loss = host_counters_.get()->step_loss / (static_cast<double>(t.batch) * t.length * chunks);
    return Status::ok();
  }

  Status get_weights(ModelWeights* out) override {
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    out->shape = config_.shape;
    out->values.resize(layout_.total);
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(out->values.data(), params_.get(), params_.bytes(), cudaMemcpyDeviceToHost, stream_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    return Status::ok();
  }

  Status set_weights(const ModelWeights& w) override {
    if (!(w.shape == config_.shape) || w.values.size() != layout_.total)
      return Status::error(Wording::sentence(
          N_("the weights have a different shape than this trainer's model")));
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    WHYGPU_CUDA_TRY(cudaMemcpy(params_.get(), w.values.data(), params_.bytes(), cudaMemcpyHostToDevice));
    WHYGPU_CUDA_TRY(cudaMemset(adam_m_.get(), 0, adam_m_.bytes()));
    WHYGPU_CUDA_TRY(cudaMemset(adam_v_.get(), 0, adam_v_.bytes()));
    WHYGPU_CUDA_TRY(cudaMemset(counters_.get(), 0, sizeof(DeviceCounters)));
    reported_steps_ = 0;
    reported_loss_ = 0.0;
    return Status::ok();
  }

  Status set_optimizer(const OptimizerConfig& config) override {
    if (Status s = validate_optimizer(config); !s) return s;
    WHYGPU_CUDA_TRY(cudaSetDevice(device_));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    WHYGPU_CUDA_TRY(cudaMemcpy(optimizer_.get(), &config, sizeof config, cudaMemcpyHostToDevice));
    config_.optimizer = config;
    return Status::ok();
  }

 private:
  // Row-major C = op(A)·op(B) + beta·C.
  Status gemm(bool ta, bool tb, int m, int n, int k, const float* a, int lda, const float* b, int ldb, float beta,
              float* c, int ldc) {
    return cublas_.row_major_sgemm(ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc, "cublasSgemm");
  }
  // out[j] = sum over rows of m[row][j] (a bias gradient).
  Status column_sums(const float* m, int rows, int cols, float* out) {
    const float one = 1.0f, zero = 0.0f;
    return cublas_status(cublas_.library().sgemv(cublas_.get(), CUBLAS_OP_N, cols, rows, &one, m, cols, ones_.get(), 1,
                                                 &zero, out, 1),
                         "cublasSgemv");
  }

  // While profile_step runs, records an event after each phase (never during capture).
  Status mark(const char* phase) {
    if (!marks_) return Status::ok();
    CudaEvent event;
    if (Status s = event.create(); !s) return s;
    if (Status s = event.record(stream_); !s) return s;
    marks_->emplace_back(phase, std::move(event));
    return Status::ok();
  }

  gpu::RecurrenceBuffers recurrence_buffers() const {
    gpu::RecurrenceBuffers r;
    r.pre = pre_.get();
    r.bias = params_.get() + layout_.gate_bias;
    r.w_h = params_.get() + layout_.recurrent_weights;
    r.acts = acts_.get();
    r.h_seq = h_seq_.get();
    r.c_seq = c_seq_.get();
    r.d_h_out = d_h_out_.get();
    r.d_gates = d_gates_.get();
    r.length = config_.training.length;
    r.batch = config_.training.batch;
    return r;
  }

  Status enqueue_forward_backward() {
    // step_loss and norm_squared start at zero.
    WHYGPU_CUDA_TRY(cudaMemsetAsync(counters_.get(), 0, 2 * sizeof(double), stream_));
    if (Status s = enqueue_forward(counters_.get()); !s) return s;
    return enqueue_backward();
  }

  // From the chunk's inputs and initial state (slot 0 of h_seq_/c_seq_) to the loss,
  // added to loss_counters->step_loss; leaves the loss gradient in logits_.
  Status enqueue_forward(DeviceCounters* loss_counters) {
    const int V = config_.shape.vocab, E = config_.shape.embed, H = config_.shape.hidden, G = 4 * H;
    const int B = config_.training.batch, T = config_.training.length, rows = B * T;
    const std::size_t state = static_cast<std::size_t>(B) * H;
    float* p = params_.get();

    if (Status s = gpu::launch_gather_embeddings(inputs_.get(), p + layout_.embedding, x_.get(), rows, E, stream_); !s) return s;
    if (Status s = gemm(false, false, rows, G, E, x_.get(), E, p + layout_.input_weights, G, 0.0f, pre_.get(), G); !s) return s;
    if (Status s = mark("embedding + input projection (cuBLAS)"); !s) return s;
    if (recurrence_ == GpuRecurrence::kPersistentCluster) {
      if (Status s = gpu::launch_cluster_forward(H, recurrence_buffers(), stream_); !s) return s;
    } else {
      for (int t = 0; t < T; ++t) {
        float* pre_t = pre_.get() + static_cast<std::size_t>(t) * B * G;
        if (Status s = gemm(false, false, B, G, H, h_seq_.get() + t * state, H, p + layout_.recurrent_weights, G,
                            1.0f, pre_t, G); !s) return s;
        if (Status s = gpu::launch_cell_forward(pre_t, p + layout_.gate_bias, acts_.get() + static_cast<std::size_t>(t) * B * G,
                                                c_seq_.get() + t * state, c_seq_.get() + (t + 1) * state,
                                                h_seq_.get() + (t + 1) * state, B, H, stream_); !s) return s;
      }
    }
    if (Status s = mark("recurrence forward"); !s) return s;
    const float* h_out = h_seq_.get() + state;
    if (Status s = gemm(false, false, rows, V, H, h_out, H, p + layout_.output_weights, V, 0.0f, logits_.get(), V); !s) return s;
    if (Status s = gpu::launch_softmax_cross_entropy(logits_.get(), p + layout_.output_bias, targets_.get(), rows, V,
                                                     loss_counters, stream_); !s) return s;
    return mark("output layer + softmax cross-entropy");
  }

  Status enqueue_backward() {
    const int V = config_.shape.vocab, E = config_.shape.embed, H = config_.shape.hidden, G = 4 * H;
    const int B = config_.training.batch, T = config_.training.length, rows = B * T;
    const std::size_t state = static_cast<std::size_t>(B) * H;
    const float* p = params_.get();
    float* g = grads_.get();
    const float* h_out = h_seq_.get() + state;
    if (Status s = gemm(true, false, H, V, rows, h_out, H, logits_.get(), V, 0.0f, g + layout_.output_weights, V); !s) return s;
    if (Status s = column_sums(logits_.get(), rows, V, g + layout_.output_bias); !s) return s;
    if (Status s = gemm(false, true, rows, H, V, logits_.get(), V, p + layout_.output_weights, V, 0.0f, d_h_out_.get(), H); !s) return s;

    if (Status s = mark("output layer backward (cuBLAS)"); !s) return s;
    if (recurrence_ == GpuRecurrence::kPersistentCluster) {
      if (Status s = gpu::launch_cluster_backward(H, recurrence_buffers(), stream_); !s) return s;
    } else {
      WHYGPU_CUDA_TRY(cudaMemsetAsync(d_c_.get(), 0, d_c_.bytes(), stream_));
      for (int t = T - 1; t >= 0; --t) {
        float* d_gates_t = d_gates_.get() + static_cast<std::size_t>(t) * B * G;
        if (Status s = gpu::launch_cell_backward(acts_.get() + static_cast<std::size_t>(t) * B * G, c_seq_.get() + t * state,
                                                 c_seq_.get() + (t + 1) * state, d_h_out_.get() + t * state,
                                                 t == T - 1 ? nullptr : d_h_rec_.get(), d_c_.get(), d_gates_t, B, H,
                                                 stream_); !s) return s;
        if (t > 0)
          if (Status s = gemm(false, true, B, H, G, d_gates_t, G, p + layout_.recurrent_weights, G, 0.0f,
                              d_h_rec_.get(), H); !s) return s;
      }
    }
    if (Status s = mark("recurrence backward"); !s) return s;
    if (Status s = gemm(true, false, H, G, rows, h_seq_.get(), H, d_gates_.get(), G, 0.0f, g + layout_.recurrent_weights, G); !s) return s;
    if (Status s = gemm(true, false, E, G, rows, x_.get(), E, d_gates_.get(), G, 0.0f, g + layout_.input_weights, G); !s) return s;
    if (Status s = column_sums(d_gates_.get(), rows, G, g + layout_.gate_bias); !s) return s;
    if (Status s = gemm(false, true, rows, E, G, d_gates_.get(), G, p + layout_.input_weights, G, 0.0f, d_x_.get(), E); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemsetAsync(g + layout_.embedding, 0, static_cast<std::size_t>(V) * E * sizeof(float), stream_));
    if (Status s = gpu::launch_scatter_embedding_gradient(inputs_.get(), d_x_.get(), g + layout_.embedding, rows, E, stream_); !s)
      return s;
    return mark("LSTM weight gradients (cuBLAS) + embedding");
  }

  Status enqueue_update(bool training_step) {
    const int rows = config_.training.batch * config_.training.length;
    if (Status s = gpu::launch_gradient_norm(grads_.get(), layout_.total, counters_.get(), training_step, rows,
                                             std::max(streams_.chunks_per_pass(), 1), stream_); !s) return s;
    return gpu::launch_adam(params_.get(), grads_.get(), adam_m_.get(), adam_v_.get(), layout_.total,
                            optimizer_.get(), counters_.get(), stream_);
  }

  Status enqueue_training_step() {
    const TrainingShape& t = config_.training;
    if (Status s = gpu::launch_prepare_chunk(text_.get(), streams_.segment(), t.length, t.batch, config_.shape.hidden,
                                             &counters_.get()->chunk, inputs_.get(), targets_.get(), h_seq_.get(),
                                             c_seq_.get(), stream_); !s) return s;
    if (Status s = mark("gather the text chunk"); !s) return s;
    if (Status s = enqueue_forward_backward(); !s) return s;
    if (Status s = enqueue_update(true); !s) return s;
    return mark("gradient norm + clip + Adam");
  }

  Status capture_training_step() {
    return graph_.capture(stream_, "the training step", [&] { return enqueue_training_step(); });
  }

  TrainerConfig config_;
  GpuTrainerOptions options_;
  GpuRecurrence recurrence_ = GpuRecurrence::kPerStep;
  ParameterLayout layout_;
  TextStreams streams_;
  bool has_text_ = false;
  int device_ = 0;
  std::string device_name_;
  CudaStream stream_;
  CublasHandle cublas_;
  CudaGraph graph_;
  DeviceBuffer<float> params_, grads_, adam_m_, adam_v_;
  DeviceBuffer<int> inputs_, targets_;
  DeviceBuffer<TokenId> text_;
  DeviceBuffer<float> x_, d_x_, pre_, acts_, d_gates_, h_seq_, c_seq_, logits_, d_h_out_, d_h_rec_, d_c_, ones_;
  DeviceBuffer<float> kept_h_, kept_c_;                 // evaluate(): the training streams' state
  DeviceBuffer<TokenId> eval_text_;
  DeviceBuffer<int> eval_chunks_;                       // 0, 1, 2...: each chunk's number, for prepare_chunk
  DeviceBuffer<DeviceCounters> counters_, eval_counters_;
  DeviceBuffer<OptimizerConfig> optimizer_;
  PinnedBuffer<DeviceCounters> host_counters_;
  std::vector<std::pair<std::string, CudaEvent>>* marks_ = nullptr;
  long long reported_steps_ = 0;
  double reported_loss_ = 0.0;
};

}  // namespace

Status make_gpu_trainer(const TrainerConfig& config, const ModelWeights& initial,
                        std::shared_ptr<const std::vector<TokenId>> text, const GpuTrainerOptions& options,
                        std::unique_ptr<Trainer>* out) {
  if (Status s = validate_shape(config.shape); !s) return s;
  if (Status s = validate_training_shape(config.training); !s) return s;
  if (Status s = validate_optimizer(config.optimizer); !s) return s;
  if (!(initial.shape == config.shape) || initial.values.size() != parameter_layout(config.shape).total)
    return Status::error(Wording::sentence(N_("the initial weights do not match the model's shape")));
  auto trainer = std::make_unique<GpuTrainer>();
  if (Status s = trainer->init(config, initial, std::move(text), options); !s) return s.with_context("GPU trainer");
  *out = std::move(trainer);
  return Status::ok();
}

}  // namespace whygpu::lstm
