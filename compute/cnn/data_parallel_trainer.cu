// Data-parallel training: one replica of gpu_network.cuh's training step per GPU, NCCL's
// all-reduce during or after the backward pass, or our own after it, before Adam
// (data_parallel_trainer.h).
#include "compute/cnn/data_parallel_trainer.h"

#include <algorithm>
#include <numeric>
#include <optional>

#include "compute/cnn/device_training_set.cuh"
#include "compute/cnn/epoch_sampler.h"
#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/network_kernels.cuh"
#include "compute/cnn/peer_all_reduce.cuh"
#include "compute/cnn/training_state.cuh"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/core/nccl_library.h"

namespace whygpu::cnn {
namespace {

using gpu::DeviceControl;
using gpu::DeviceMetrics;

// The calling thread's current device, put back when a public call returns: the trainer
// moves between devices, the thread's other CUDA work should not notice.
class CurrentDeviceGuard {
 public:
  CurrentDeviceGuard() {
    if (cudaGetDevice(&device_) != cudaSuccess) device_ = -1;
  }
  ~CurrentDeviceGuard() {
    if (device_ >= 0) cudaSetDevice(device_);
  }
  CurrentDeviceGuard(const CurrentDeviceGuard&) = delete;
  CurrentDeviceGuard& operator=(const CurrentDeviceGuard&) = delete;

 private:
  int device_ = -1;
};

// One GPU's copy of what GpuTrainer keeps for training, and its NCCL communicator.
struct Replica : gpu::TrainingState<DeviceControl, DeviceMetrics> {
  int device = 0;
  CudaStream stream;
  CublasHandle blas;
  DeviceBuffer<std::uint8_t> images, labels;
  DeviceBuffer<int> order;
  gpu::Workspace ws;
  CudaGraph compute_graph;  // the slice's gather, forward and backward
  CudaGraph update_graph;   // Adam
  ncclComm_t comm = nullptr;
  // The overlapped all-reduce: its own stream; one event a bucket, recorded inside
  // compute_graph as the backward pass finishes the bucket's gradients; and `reduced`,
  // recorded once the step's last bucket is averaged, which Adam waits for.
  CudaStream reduce_stream;
  std::vector<CudaEvent> gradients_ready;
  CudaEvent reduced;
  // The one-shot all-reduce over peer access: this GPU's flags and counters, and what its
  // kernel is given (every GPU's gradients and state).
  DeviceBuffer<unsigned> peer_state;
  gpu::PeerAllReduceRank peer;
  // Per timed step: start, backward done, all-reduce done, Adam done.
  std::vector<CudaEvent> events;

  gpu::Context context() const { return {stream.get(), &blas}; }
};

constexpr int kEventsPerStep = 4;

class DataParallelTrainerImpl final : public DataParallelTrainer {
 public:
  explicit DataParallelTrainerImpl(const DataParallelOptions& options) : options_(options) {}

  ~DataParallelTrainerImpl() override {
    CurrentDeviceGuard guard;
    for (auto& r : replicas_) {
      cudaSetDevice(r->device);
      cudaStreamSynchronize(r->stream.get());
      cudaStreamSynchronize(r->reduce_stream.get());
    }
    for (auto& r : replicas_)
      if (r->comm) nccl_->comm_destroy(r->comm);
    for (auto& r : replicas_) {
      cudaSetDevice(r->device);  // each replica's memory, streams and handle freed on its own device
      r.reset();
    }
  }

  Status init() {
    CurrentDeviceGuard guard;
    if (Status s = load_nccl(&nccl_); !s) return s;
    int version = 0;
    if (Status s = nccl_status(nccl_->get_version(&version), "ncclGetVersion"); !s) return s;
    nccl_version_ = nccl_version_string(version);
    const std::vector<float> initial = initial_parameters(options_.seed);
    // GpuTrainer's fresh state: Adam's settings, step and cursor zero, no augmentation.
    const DeviceControl control = gpu::initial_control(options_.adam, AugmentState{});
    for (int rank = 0; rank < options_.gpus; ++rank) {
      replicas_.push_back(std::make_unique<Replica>());
      Replica& r = *replicas_.back();
      r.device = rank;
      WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
      if (Status s = r.stream.create(); !s) return s;
      // Urgent: a bucket's all-reduce should start as soon as its layer is done, not queue
      // behind the backward pass's waiting blocks.
      if (Status s = r.reduce_stream.create_urgent(); !s) return s;
      if (Status s = r.reduced.create_for_ordering(); !s) return s;
      if (Status s = r.blas.create(r.stream.get(), gpu::kCublasWorkspaceBytes); !s) return s;
      if (Status s = r.reserve(kParameterCount); !s) return s;
      const std::size_t bytes = sizeof(float) * kParameterCount;
      WHYGPU_CUDA_TRY(cudaMemcpy(r.params.get(), initial.data(), bytes, cudaMemcpyHostToDevice));
      WHYGPU_CUDA_TRY(cudaMemset(r.grads.get(), 0, bytes));
      WHYGPU_CUDA_TRY(cudaMemset(r.m.get(), 0, bytes));
      WHYGPU_CUDA_TRY(cudaMemset(r.v.get(), 0, bytes));
      WHYGPU_CUDA_TRY(cudaMemcpy(r.control.get(), &control, sizeof control, cudaMemcpyHostToDevice));
    }
    keep_nvlink_multicast_off();
    std::vector<ncclComm_t> comms(options_.gpus);
    std::vector<int> devices(options_.gpus);
    std::iota(devices.begin(), devices.end(), 0);
    if (Status s = nccl_status(nccl_->comm_init_all(comms.data(), options_.gpus, devices.data()), "ncclCommInitAll");
        !s)
      return s;
    for (int rank = 0; rank < options_.gpus; ++rank) replicas_[rank]->comm = comms[rank];
    if (one_shot())
      if (Status s = prepare_peer_all_reduce(devices); !s) return s;
    return Status::ok();
  }

  std::string name() const override {
    return std::to_string(options_.gpus) + " x " + gpu_info().name + ", NCCL " + nccl_version_;
  }
  std::string nccl_version() const override { return nccl_version_; }
  int gpus() const override { return options_.gpus; }
  int batch_per_gpu() const override { return options_.batch_per_gpu; }

  Status set_training_data(const Dataset& train) override {
    CurrentDeviceGuard guard;
    if (Status s = check_training_data(train); !s) return s;
    if (total_batch() > train.count)
      return Status::error(Wording::sentence(
          N_("a batch of {0} images ({1} GPUs x {2}) is larger than the training set ({3} images)"),
          {std::to_string(total_batch()), std::to_string(options_.gpus),
           std::to_string(options_.batch_per_gpu), std::to_string(train.count)}));
    if (Status s = synchronize(); !s) return s;
    for (auto& r : replicas_) {
      WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
      if (Status s = gpu::upload_training_set(train, &r->images, &r->labels, &r->order); !s) return s;
      r->compute_graph.reset();  // it holds the old data's pointers
    }
    data_count_ = train.count;
    sampler_.emplace(data_count_, batch_order_seed(options_.seed));
    device_cursor_ = -1;
    return Status::ok();
  }

  Status train(int steps, std::vector<StepMetrics>* metrics) override {
    CurrentDeviceGuard guard;
    if (metrics) metrics->clear();
    if (Status s = prepare(); !s) return s;
    for (int done = 0; done < steps;) {
      const int chunk = std::min(steps - done, gpu::kMetricsRing);
      for (int s = 0; s < chunk; ++s)
        if (Status st = launch_step(-1); !st) return st;
      if (Status s = synchronize(); !s) return s;
      if (metrics)
        if (Status s = read_metrics(chunk, metrics); !s) return s;
      done += chunk;
    }
    return Status::ok();
  }

  Status time_steps(int warmup, int repeats, DataParallelTiming* out) override {
    if (repeats < 1) return Status::error(Wording::sentence(N_("time_steps: repeats must be at least 1")));
    if (Status s = train(warmup, nullptr); !s) return s;
    CurrentDeviceGuard guard;
    std::vector<CudaEvent> back_to_back(2 * replicas_.size());
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      Replica& r = *replicas_[i];
      WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
      r.events.resize(static_cast<std::size_t>(kEventsPerStep) * repeats);
      for (CudaEvent& e : r.events)
        if (Status s = e.create(); !s) return s;
      if (Status s = back_to_back[2 * i].create(); !s) return s;
      if (Status s = back_to_back[2 * i + 1].create(); !s) return s;
    }
    for (int step = 0; step < repeats; ++step)
      if (Status s = launch_step(step); !s) return s;
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      WHYGPU_CUDA_TRY(cudaSetDevice(replicas_[i]->device));
      if (Status s = back_to_back[2 * i].record(replicas_[i]->stream.get()); !s) return s;
    }
    for (int step = 0; step < repeats; ++step)
      if (Status s = launch_step(-1); !s) return s;
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      WHYGPU_CUDA_TRY(cudaSetDevice(replicas_[i]->device));
      if (Status s = back_to_back[2 * i + 1].record(replicas_[i]->stream.get()); !s) return s;
    }
    if (Status s = synchronize(); !s) return s;

    // phases[step][rank]
    std::vector<std::vector<ReplicaPhases>> phases(repeats, std::vector<ReplicaPhases>(replicas_.size()));
    for (int step = 0; step < repeats; ++step)
      for (std::size_t i = 0; i < replicas_.size(); ++i) {
        const CudaEvent* e = &replicas_[i]->events[static_cast<std::size_t>(kEventsPerStep) * step];
        float ms[3] = {};
        for (int k = 0; k < 3; ++k)
          if (Status s = CudaEvent::elapsed_ms(e[0], e[k + 1], &ms[k]); !s) return s;
        phases[step][i] = {ms[0], ms[1], ms[2]};
      }
    std::vector<double> step_ms, compute_ms, all_reduce_ms;
    for (const auto& p : phases) {
      const ReplicaPhases& first = p[0];
      step_ms.push_back(first.update_end_ms);
      all_reduce_ms.push_back(first.all_reduce_end_ms - first.compute_end_ms);
      compute_ms.push_back(first.update_end_ms - (first.all_reduce_end_ms - first.compute_end_ms));
    }
    double slowest_ms = 0.0;
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      float ms = 0;
      if (Status s = CudaEvent::elapsed_ms(back_to_back[2 * i], back_to_back[2 * i + 1], &ms); !s) return s;
      slowest_ms = std::max(slowest_ms, static_cast<double>(ms));
    }
    DataParallelTiming t;
    t.gpus = options_.gpus;
    t.batch_per_gpu = options_.batch_per_gpu;
    t.repeats = repeats;
    t.all_reduce = options_.all_reduce;
    t.step_ms = median_of(step_ms);
    t.compute_ms = median_of(compute_ms);
    t.all_reduce_ms = median_of(all_reduce_ms);
    t.back_to_back_ms = slowest_ms / repeats;
    t.median_step = phases[median_sample_index(step_ms)];
    *out = std::move(t);
    return Status::ok();
  }

  Status get_parameters(int rank, std::vector<float>* params) override {
    return copy_out(rank, &Replica::params, params);
  }
  Status get_gradients(int rank, std::vector<float>* grads) override { return copy_out(rank, &Replica::grads, grads); }

 private:
  struct Bucket {
    int first = 0;  // into the flat gradient array
    int count = 0;
  };

  int total_batch() const { return options_.gpus * options_.batch_per_gpu; }
  // One GPU's gradients are already the whole batch's mean: averaging over one rank would
  // only copy them, for a few microseconds a step.
  bool averages() const { return options_.gpus > 1; }
  bool overlaps() const { return averages() && options_.all_reduce == AllReduceWay::kOverlapped; }
  bool one_shot() const { return averages() && options_.all_reduce == AllReduceWay::kPeerOneShot; }

  // Peer access between every pair of GPUs, each GPU's zeroed flags, each kernel's pointers.
  Status prepare_peer_all_reduce(const std::vector<int>& devices) {
    static_assert(kParameterCount % 2 == 0, "the one-shot all-reduce moves pairs of values");
    if (options_.gpus > gpu::kMaxPeerGpus)
      return Status::error(Wording::sentence(N_("the one-shot all-reduce takes at most {0} GPUs"),
                                             {std::to_string(gpu::kMaxPeerGpus)}));
    if (Status s = gpu::enable_peer_access(devices); !s) return s;
    for (auto& r : replicas_) {
      WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
      const int size = gpu::peer_state_size(options_.gpus);
      if (Status s = r->peer_state.allocate(size); !s) return s;
      WHYGPU_CUDA_TRY(cudaMemset(r->peer_state.get(), 0, sizeof(unsigned) * size));
    }
    for (int rank = 0; rank < options_.gpus; ++rank) {
      gpu::PeerAllReduceRank& p = replicas_[rank]->peer;
      p.gpus = options_.gpus;
      p.rank = rank;
      p.count = kParameterCount;
      for (int g = 0; g < options_.gpus; ++g) {
        p.grads[g] = replicas_[g]->grads.get();
        p.state[g] = replicas_[g]->peer_state.get();
      }
    }
    return Status::ok();
  }

  Status synchronize() {
    for (auto& r : replicas_) {
      WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
      if (Status s = r->stream.synchronize(); !s) return s;
    }
    return Status::ok();
  }

  Status copy_out(int rank, DeviceBuffer<float> Replica::*buffer, std::vector<float>* out) {
    if (rank < 0 || rank >= options_.gpus)
      return Status::error(Wording::sentence(N_("no GPU rank {0} (the trainer has {1})"),
                                             {std::to_string(rank), std::to_string(options_.gpus)}));
    CurrentDeviceGuard guard;
    if (Status s = synchronize(); !s) return s;
    Replica& r = *replicas_[rank];
    WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
    out->resize(kParameterCount);
    WHYGPU_CUDA_TRY(cudaMemcpy(out->data(), (r.*buffer).get(), sizeof(float) * kParameterCount, cudaMemcpyDeviceToHost));
    return Status::ok();
  }

  // Every replica's workspace and its two graphs: rank r gathers the images at
  // order[cursor + r * batch_per_gpu ...], its slice of the batch GpuTrainer would take.
  // With the overlap, the compute graph also records each bucket's event as the backward
  // pass finishes its gradients, and buckets_ gets the buckets' ranges (every replica's alike).
  Status prepare() {
    if (data_count_ <= 0)
      return Status::error(Wording::sentence(N_("no training data: call set_training_data first")));
    const int slice = options_.batch_per_gpu;
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      Replica& r = *replicas_[i];
      if (r.compute_graph.ready()) continue;
      WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
      if (Status s = r.ws.reserve(slice, true); !s) return s;
      const gpu::Context ctx = r.context();
      DeviceControl* control = r.control.get();
      const int* order = r.order.get() + i * slice;
      r.compute_graph.reset();  // before the events it records go
      r.gradients_ready.clear();
      std::vector<Bucket> buckets;
      gpu::GradientsReady ready;
      if (overlaps())
        ready = [&](int first_block, int end_block) {
          const int first = kParamBlocks[first_block].offset;
          const int end = end_block == kParamBlockCount ? kParameterCount : kParamBlocks[end_block].offset;
          buckets.push_back({first, end - first});
          CudaEvent& event = r.gradients_ready.emplace_back();
          if (Status s = event.create_for_ordering(); !s) return s;
          return event.record_in_graph(r.stream.get());
        };
      if (Status s = r.compute_graph.capture(r.stream.get(), "the replica's forward and backward",
                                             [&] {
                                               if (Status st = gpu::enqueue_load_batch(ctx, r.images.get(),
                                                                                       r.labels.get(), order,
                                                                                       &control->cursor, 0, slice, r.ws);
                                                   !st)
                                                 return st;
                                               return gpu::enqueue_forward_backward(ctx, r.params.get(), r.ws, slice,
                                                                                    r.grads.get(), control,
                                                                                    r.metrics.get(), ready);
                                             });
          !s)
        return s;
      if (overlaps()) buckets_ = std::move(buckets);
      if (Status s = r.update_graph.capture(r.stream.get(), "the replica's Adam step",
                                            [&] {
                                              return gpu::enqueue_adam(ctx, r.params.get(), r.grads.get(), r.m.get(),
                                                                       r.v.get(), kParameterCount, control);
                                            });
          !s)
        return s;
    }
    return Status::ok();
  }

  // One all-reduce of `count` gradients from `first` on every replica, averaged in place
  // (ncclAvg: the sum over N slices' mean gradients divided by N is the mean over the whole
  // batch), each on its replica's `stream`, as one group.
  Status all_reduce(int first, int count, CudaStream Replica::*stream) {
    if (Status s = nccl_status(nccl_->group_start(), "ncclGroupStart"); !s) return s;
    for (auto& r : replicas_)
      if (Status s = nccl_status(nccl_->all_reduce(r->grads.get() + first, r->grads.get() + first, count, ncclFloat,
                                                   ncclAvg, r->comm, (r.get()->*stream).get()),
                                 "ncclAllReduce of the gradients");
          !s) {
        nccl_->group_end();
        return s;
      }
    return nccl_status(nccl_->group_end(), "ncclGroupEnd");
  }

  // The overlapped all-reduce of one step: each bucket on the reduce streams once its
  // event in the compute graph is recorded, then every main stream waits for the last.
  Status all_reduce_during_backward() {
    for (std::size_t k = 0; k < buckets_.size(); ++k) {
      for (auto& r : replicas_) {
        WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
        if (Status s = r->gradients_ready[k].wait_in(r->reduce_stream.get()); !s) return s;
      }
      if (Status s = all_reduce(buckets_[k].first, buckets_[k].count, &Replica::reduce_stream); !s) return s;
    }
    for (auto& r : replicas_) {
      WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
      if (Status s = r->reduced.record(r->reduce_stream.get()); !s) return s;
      if (Status s = r->reduced.wait_in(r->stream.get()); !s) return s;
    }
    return Status::ok();
  }

  // Our one-shot all-reduce after the backward pass, each GPU's kernel on its main stream.
  Status all_reduce_by_peers() {
    for (auto& r : replicas_) {
      WHYGPU_CUDA_TRY(cudaSetDevice(r->device));
      if (Status s = gpu::enqueue_peer_all_reduce(r->peer, r->stream.get()); !s) return s;
    }
    return Status::ok();
  }

  // Queues one step on every GPU: the batch order and cursor when they changed, each
  // replica's forward and backward, the all-reduce of every replica's gradients (during
  // or after the backward pass), each replica's Adam. `timed_step` >= 0 records that step's events.
  Status launch_step(int timed_step) {
    int start = 0;
    const bool new_epoch = sampler_->next_batch(total_batch(), &start);
    const auto record = [&](Replica& r, int k) {
      return timed_step < 0 ? Status::ok() : r.events[static_cast<std::size_t>(kEventsPerStep) * timed_step + k].record(r.stream.get());
    };
    for (auto& rp : replicas_) {
      Replica& r = *rp;
      WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
      if (new_epoch)
        WHYGPU_CUDA_TRY(cudaMemcpyAsync(r.order.get(), sampler_->order().data(), sizeof(int) * data_count_,
                                        cudaMemcpyHostToDevice, r.stream.get()));
      if (start != device_cursor_)
        WHYGPU_CUDA_TRY(cudaMemcpyAsync(&r.control.get()->cursor, &start, sizeof start, cudaMemcpyHostToDevice,
                                        r.stream.get()));
      if (Status s = record(r, 0); !s) return s;
      if (Status s = r.compute_graph.launch(r.stream.get()); !s) return s;
      if (Status s = record(r, 1); !s) return s;
    }
    if (Status s = !averages() ? Status::ok()
                   : overlaps()  ? all_reduce_during_backward()
                   : one_shot()  ? all_reduce_by_peers()
                                 : all_reduce(0, kParameterCount, &Replica::stream);
        !s)
      return s;
    for (auto& rp : replicas_) {
      Replica& r = *rp;
      WHYGPU_CUDA_TRY(cudaSetDevice(r.device));
      if (Status s = record(r, 2); !s) return s;
      if (Status s = r.update_graph.launch(r.stream.get()); !s) return s;
      if (Status s = record(r, 3); !s) return s;
    }
    device_cursor_ = start + total_batch();
    ++steps_;
    return Status::ok();
  }

  // The last `count` steps' metrics over the whole batch: every slice's mean loss averaged
  // (equal slices), its right answers summed.
  Status read_metrics(int count, std::vector<StepMetrics>* metrics) {
    std::vector<DeviceMetrics> host(replicas_.size());
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      WHYGPU_CUDA_TRY(cudaSetDevice(replicas_[i]->device));
      WHYGPU_CUDA_TRY(cudaMemcpy(&host[i], replicas_[i]->metrics.get(), sizeof(DeviceMetrics), cudaMemcpyDeviceToHost));
    }
    for (long step = steps_ - count + 1; step <= steps_; ++step) {
      const int slot = static_cast<int>((step - 1) % gpu::kMetricsRing);
      double loss = 0.0;
      int correct = 0;
      for (const DeviceMetrics& m : host) {
        loss += m.loss[slot];
        correct += m.correct[slot];
      }
      metrics->push_back({static_cast<float>(loss / host.size()), static_cast<float>(correct) / total_batch()});
    }
    return Status::ok();
  }

  DataParallelOptions options_;
  const NcclLibrary* nccl_ = nullptr;
  std::string nccl_version_;
  std::vector<std::unique_ptr<Replica>> replicas_;
  std::vector<Bucket> buckets_;  // the overlapped all-reduce's, in the order the backward pass finishes them
  int data_count_ = 0;
  std::optional<EpochSampler> sampler_;
  int device_cursor_ = -1;
  long steps_ = 0;
};

}  // namespace

int cuda_device_count() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
}

Status create_data_parallel_trainer(const DataParallelOptions& options, std::unique_ptr<DataParallelTrainer>* out) {
  if (Status s = require_gpu(); !s) return s;
  const int available = cuda_device_count();
  if (options.gpus < 1 || options.gpus > available)
    return Status::error(Wording::sentence(N_("asked for {0} GPUs; this machine has {1}"),
                                           {std::to_string(options.gpus), std::to_string(available)}));
  if (Status s = check_batch_size(options.batch_per_gpu); !s) return s.with_context("batch per GPU");
  auto trainer = std::make_unique<DataParallelTrainerImpl>(options);
  if (Status s = trainer->init(); !s) return s.with_context("data-parallel trainer");
  *out = std::move(trainer);
  return Status::ok();
}

}  // namespace whygpu::cnn
