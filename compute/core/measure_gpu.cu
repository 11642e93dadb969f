// The CUDA-event part of the measurement harness (see measure.h).
#include <algorithm>
#include <string>
#include <vector>

#include "compute/core/cuda_check.h"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/gpu_info.h"
#include "compute/core/measure.h"
#include "compute/core/measure_detail.h"

namespace whygpu {
namespace {

// Keeps the device busy for `ns` nanoseconds, so that the runs enqueued behind it start
// back to back once it ends instead of one launch at a time as the host issues them.
__global__ void hold_device(unsigned long long ns) {
  unsigned long long start = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (;;) {
    unsigned long long now = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start >= ns) break;
  }
}

class Events {
 public:
  Status reserve(std::size_t count) {
    while (events_.size() < count) {
      CudaEvent e;
      if (Status s = e.create(); !s) return s;
      events_.push_back(std::move(e));
    }
    return Status::ok();
  }
  cudaEvent_t operator[](std::size_t i) const { return events_[i].get(); }

 private:
  std::vector<CudaEvent> events_;
};

// Runs that take longer than this are not worth batching: launch overhead is noise.
constexpr double kBatchBelowMs = 1.0;
// A batch of short runs is kept under this much device time, so cancel stays prompt.
constexpr double kBatchMaxMs = 200.0;
constexpr int kMaxBatch = 512;

// A body's failure, returned once the work it enqueued is done (its buffers may go next).
Status stopped(const Status& failure) {
  cudaDeviceSynchronize();
  return failure;
}

struct Samples {
  std::vector<std::vector<double>> per_phase;
  std::vector<double> total;
};

// The one loop that times GPU work with CUDA events: time_gpu_phases and time_gpu_queued
// both run their bodies through it.
class PhaseRunner {
 public:
  PhaseRunner(cudaStream_t stream, int phases,
              const std::function<Status(int, const PhaseMark&)>& body)
      : stream_(stream), phases_(phases), body_(body) {}

  // Enqueues runs first_run..first_run+count-1 (behind a hold when `hold`), waits, and
  // appends their timings to `samples` when given.
  Status run_batch(int first_run, int count, bool hold, Samples* samples) {
    const std::size_t stride = static_cast<std::size_t>(phases_) + 1;
    if (Status s = events_.reserve(stride * static_cast<std::size_t>(count)); !s) return s;
    if (hold)
      if (Status s = hold_for(count); !s) return s;
    for (int r = 0; r < count; ++r) {
      const std::size_t base = stride * static_cast<std::size_t>(r);
      WHYGPU_CUDA_TRY(cudaEventRecord(events_[base], stream_));
      int marks = 0;
      const PhaseMark mark = [&]() -> Status {
        if (marks + 1 >= phases_)
          return Status::error(Wording::sentence(
              N_("the measured body called mark() more than {0} times in one run"),
              {std::to_string(phases_ - 1)}));
        ++marks;
        WHYGPU_CUDA_TRY(
            cudaEventRecord(events_[base + static_cast<std::size_t>(marks)], stream_));
        return Status::ok();
      };
      Status s = body_(first_run + r, mark);
      if (s && marks != phases_ - 1)
        s = Status::error(Wording::sentence(
            N_("the measured body called mark() {0} times; a run of {1} phases needs {2}"),
            {std::to_string(marks), std::to_string(phases_), std::to_string(phases_ - 1)}));
      if (!s) return stopped(s);
      WHYGPU_CUDA_TRY(cudaEventRecord(events_[base + stride - 1], stream_));
    }
    WHYGPU_CUDA_TRY(cudaEventSynchronize(events_[stride * static_cast<std::size_t>(count) - 1]));
    for (int r = 0; r < count; ++r) {
      const std::size_t base = stride * static_cast<std::size_t>(r);
      float ms = 0.0f;
      WHYGPU_CUDA_TRY(cudaEventElapsedTime(&ms, events_[base], events_[base + stride - 1]));
      last_total_ms_ = ms;
      if (!samples) continue;
      samples->total.push_back(ms);
      for (int p = 0; p < phases_; ++p) {
        WHYGPU_CUDA_TRY(cudaEventElapsedTime(&ms, events_[base + static_cast<std::size_t>(p)],
                                             events_[base + static_cast<std::size_t>(p) + 1]));
        samples->per_phase[static_cast<std::size_t>(p)].push_back(ms);
      }
    }
    return Status::ok();
  }

  // Enqueues runs first_run..first_run+count-1 of a one-phase body behind a hold, with one
  // event before the first and one after the last, waits, and gives one run's share.
  Status run_back_to_back(int first_run, int count, double* ms_per_run) {
    if (Status s = events_.reserve(2); !s) return s;
    if (Status s = hold_for(count); !s) return s;
    WHYGPU_CUDA_TRY(cudaEventRecord(events_[0], stream_));
    const PhaseMark no_mark = [] {
      return Status::error(Wording::sentence(N_("a back-to-back run has one phase: mark() is not for it")));
    };
    for (int r = 0; r < count; ++r)
      if (Status s = body_(first_run + r, no_mark); !s) return stopped(s);
    WHYGPU_CUDA_TRY(cudaEventRecord(events_[1], stream_));
    WHYGPU_CUDA_TRY(cudaEventSynchronize(events_[1]));
    float ms = 0.0f;
    WHYGPU_CUDA_TRY(cudaEventElapsedTime(&ms, events_[0], events_[1]));
    *ms_per_run = static_cast<double>(ms) / count;
    return Status::ok();
  }

  double last_total_ms() const { return last_total_ms_; }

 private:
  // Holds the stream long enough for the host to enqueue `count` short runs behind it.
  Status hold_for(int count) {
    const unsigned long long ns = std::min<unsigned long long>(
        20'000'000ull, 100'000ull + 30'000ull * static_cast<unsigned long long>(count) *
                                        static_cast<unsigned long long>(phases_));
    hold_device<<<1, 1, 0, stream_>>>(ns);
    WHYGPU_CUDA_TRY_LAUNCH("hold_device");
    return Status::ok();
  }

  cudaStream_t stream_;
  int phases_;
  const std::function<Status(int, const PhaseMark&)>& body_;
  Events events_;
  double last_total_ms_ = 0.0;
};

}  // namespace

Status time_gpu_phases(const MeasureOptions& options, int phases,
                       const std::function<Status(int run, const PhaseMark& mark)>& body,
                       std::vector<TimingStats>* per_phase, TimingStats* total) {
  if (Status s = measure_detail::check_options(options); !s) return s;
  if (phases < 1) return Status::error(Wording::sentence(N_("a measured run needs at least one phase")));
  if (Status s = require_gpu(); !s) return s;

  PhaseRunner runner(nullptr, phases, body);
  int run = 0;
  const int warmups = std::max(1, options.warmup);
  for (int w = 0; w < warmups; ++w, ++run) {
    if (options.cancelled()) return cancelled_status();
    if (Status s = runner.run_batch(run, 1, false, nullptr); !s) return s;
    if (options.budget_seconds > 0.0 && runner.last_total_ms() > options.budget_seconds * 1e3)
      break;
  }
  const double estimate_ms = runner.last_total_ms();
  const int timed = measure_detail::planned_repeats(options, estimate_ms);
  const bool batch = estimate_ms < kBatchBelowMs;
  const int batch_size =
      batch ? std::clamp(static_cast<int>(kBatchMaxMs / std::max(estimate_ms, 1e-3)), 1,
                         kMaxBatch)
            : 1;

  Samples samples;
  samples.per_phase.resize(static_cast<std::size_t>(phases));
  for (int done = 0; done < timed;) {
    if (options.cancelled()) return cancelled_status();
    const int count = std::min(batch_size, timed - done);
    if (Status s = runner.run_batch(run, count, batch, &samples); !s) return s;
    run += count;
    done += count;
  }
  if (per_phase) {
    per_phase->clear();
    for (auto& p : samples.per_phase) per_phase->push_back(TimingStats::from_samples(p));
  }
  if (total) *total = TimingStats::from_samples(samples.total);
  return Status::ok();
}

Status time_gpu_queued(void* stream, int warmup, int repeats,
                       const std::function<Status(int run)>& body, QueuedTiming* out) {
  if (warmup < 0) return Status::error(Wording::sentence(N_("warm-up runs must be 0 or more")));
  if (repeats < 1) return Status::error(Wording::sentence(N_("repeats must be at least 1")));
  if (Status s = require_gpu(); !s) return s;
  const std::function<Status(int, const PhaseMark&)> one_phase =
      [&](int run, const PhaseMark&) { return body(run); };  // the runner keeps a reference
  PhaseRunner runner(static_cast<cudaStream_t>(stream), 1, one_phase);
  int run = 0;
  for (; run < warmup; ++run)
    if (Status s = body(run); !s) return stopped(s);
  WHYGPU_CUDA_TRY(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)));
  Samples samples;
  samples.per_phase.resize(1);
  if (Status s = runner.run_batch(run, repeats, true, &samples); !s) return s;
  run += repeats;
  QueuedTiming t;
  t.each = TimingStats::from_samples(std::move(samples.total));
  if (Status s = runner.run_back_to_back(run, repeats, &t.back_to_back_ms); !s) return s;
  *out = t;
  return Status::ok();
}

}  // namespace whygpu
