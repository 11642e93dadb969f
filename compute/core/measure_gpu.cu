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

struct Samples {
  std::vector<std::vector<double>> per_phase;
  std::vector<double> total;
};

class PhaseRunner {
 public:
  PhaseRunner(int phases, const std::function<Status(int, const PhaseMark&)>& body)
      : phases_(phases), body_(body) {}

  // Enqueues runs first_run..first_run+count-1 (behind a hold when `hold`), waits, and
  // appends their timings to `samples` when given.
  Status run_batch(int first_run, int count, bool hold, Samples* samples) {
    const std::size_t stride = static_cast<std::size_t>(phases_) + 1;
    if (Status s = events_.reserve(stride * static_cast<std::size_t>(count)); !s) return s;
    if (hold) {
      const unsigned long long ns = std::min<unsigned long long>(
          20'000'000ull, 100'000ull + 30'000ull * static_cast<unsigned long long>(count) *
                                          static_cast<unsigned long long>(phases_));
      hold_device<<<1, 1>>>(ns);
      WHYGPU_CUDA_TRY_LAUNCH("hold_device");
    }
    for (int r = 0; r < count; ++r) {
      const std::size_t base = stride * static_cast<std::size_t>(r);
      WHYGPU_CUDA_TRY(cudaEventRecord(events_[base], 0));
      int marks = 0;
      const PhaseMark mark = [&]() -> Status {
        if (marks + 1 >= phases_)
          return Status::error("the measured body called mark() more than " +
                               std::to_string(phases_ - 1) + " times in one run");
        ++marks;
        WHYGPU_CUDA_TRY(cudaEventRecord(events_[base + static_cast<std::size_t>(marks)], 0));
        return Status::ok();
      };
      Status s = body_(first_run + r, mark);
      if (s && marks != phases_ - 1)
        s = Status::error("the measured body called mark() " + std::to_string(marks) +
                          " times; a run of " + std::to_string(phases_) +
                          " phases needs " + std::to_string(phases_ - 1));
      if (!s) {
        cudaDeviceSynchronize();  // let enqueued work finish before buffers go away
        return s;
      }
      WHYGPU_CUDA_TRY(cudaEventRecord(events_[base + stride - 1], 0));
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

  double last_total_ms() const { return last_total_ms_; }

 private:
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
  if (phases < 1) return Status::error("a measured run needs at least one phase");
  if (Status s = require_gpu(); !s) return s;

  PhaseRunner runner(phases, body);
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

}  // namespace whygpu
