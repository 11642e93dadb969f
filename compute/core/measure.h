#pragma once
// The one measurement harness. Every number whygpu shows (the bench CLI, the timing
// lessons' live sweeps, the CNN and LSTM benches) is taken through these functions, so
// that all of them follow the same rules:
//   - warm-up runs first, untimed (module load, handle creation, clocks ramping up);
//   - CPU work timed with std::chrono::steady_clock around each run;
//   - GPU work timed with CUDA events around each run, with the queue kept full so the
//     host's launch overhead is not counted as kernel time (see time_gpu_phases and
//     time_gpu_queued);
//   - medians over repeats, with min, max, p10 and p90 to show the spread; a quantile
//     interpolates linearly between ranks (percentile_of_sorted), so the median of an
//     odd count is its middle sample and of an even count the mean of the two middle
//     ones. This is whygpu's one definition of a median: figures measured some other way
//     (rates sampled while training, times a loop had to take itself) go through
//     TimingStats::from_samples or median_of, never a private v[size / 2];
//   - a back-to-back figure (one run's share of runs queued with nothing between them)
//     comes from time_gpu_queued on the GPU; on the CPU, where runs follow one another
//     anyway, it is TimingStats::mean_ms;
//   - a time budget, so a slow variant takes fewer repeats instead of minutes;
//   - a cancel flag checked between runs, for sweeps running on a worker thread;
//   - the run index is passed to the body, so it can rotate among several input sets
//     (see rotation_sets) and caches do not flatter small sizes.
//
// Example (CPU):
//   MeasureOptions opt;  opt.repeats = 20;
//   TimingStats t;
//   Status s = time_cpu(opt, [&](int run) { add(a[run % sets], b[run % sets], c, n);
//                                           return Status::ok(); }, &t);
//   // t.median_ms ...
// Example (GPU, one phase, in a .cu file): the body only enqueues work on the default
// stream and reports the launch.
//   Status s = time_gpu(opt, [&](int run) -> Status {
//     my_kernel<<<grid, block>>>(inputs[run % sets], out);
//     WHYGPU_CUDA_TRY_LAUNCH("my_kernel");
//     return Status::ok();
//   }, &t);
// Phases (copy in, kernel, copy out): time_gpu_phases with mark() between them.
// Work that changes state each run (a training step) on a stream of its own:
// time_gpu_queued, which also gives the back-to-back figure.
#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

#include "compute/core/status.h"

namespace whygpu {

// Summary of repeated timings, all in milliseconds.
struct TimingStats {
  int repeats = 0;  // number of timed samples behind the numbers (0: nothing measured)
  double median_ms = 0.0;
  double mean_ms = 0.0;
  double min_ms = 0.0;
  double max_ms = 0.0;
  double p10_ms = 0.0;
  double p90_ms = 0.0;

  // (p90 - p10) / median: 0.02 means the middle 80% of runs lie within 2% of each other.
  double relative_spread() const;

  // Sorts a copy of the samples; an empty list gives repeats == 0 and all zeros.
  static TimingStats from_samples(std::vector<double> samples_ms);
};

// The q-quantile (0..1) of ascending samples, interpolating linearly between ranks.
// Returns 0 for an empty list.
double percentile_of_sorted(const std::vector<double>& sorted, double q);

// The median of samples in any order, by the rule above (the same number as
// TimingStats::from_samples(samples).median_ms); 0 for an empty list. For figures that
// are not times in milliseconds, or where the spread is not wanted.
double median_of(std::vector<double> samples);

// The index of the sample at the middle rank, for showing one real run beside the
// median: for an odd count the median sample itself, for an even count the lower of the
// two middle samples (the median lies halfway between it and the next); of equal samples
// the earliest. samples.size() (no index) for an empty list.
std::size_t median_sample_index(const std::vector<double>& samples);

struct MeasureOptions {
  int warmup = 2;        // untimed runs before the timed ones (at least 1 is always made)
  int repeats = 10;      // timed runs wanted
  int min_repeats = 3;   // made even when the budget is spent
  // Stop planning more timed runs once their expected total passes this many seconds
  // (estimated from the warm-up); 0 means no limit. Keeps slow variants (a naive CPU
  // matmul) to a few runs while fast ones get all `repeats`.
  double budget_seconds = 0.0;
  // When set and true, the harness stops between runs and returns the cancelled status.
  const std::atomic<bool>* cancel = nullptr;

  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

// The Status returned when MeasureOptions::cancel stopped a measurement.
Status cancelled_status();
bool is_cancelled(const Status& status);

// Times `body(run)` on the CPU. `run` counts from 0 over warm-ups and timed runs alike, so
// `run % sets` rotates inputs. A failing body stops the measurement and its Status is
// returned. Options are checked (repeats >= 1 etc.) and bad ones give an error.
Status time_cpu(const MeasureOptions& options, const std::function<Status(int run)>& body,
                TimingStats* out);

// Times work that measures itself: body(run, phase_ms) does one run and fills
// phase_ms[0..phases) with what its phases took by a clock of its own (an OpenGL timer
// query, or the CPU clock around work that must be waited for). The same warm-up, budget
// (judged by the wall clock) and cancel rules as time_cpu. `per_phase` receives one
// TimingStats per phase; `total`, when not null, the sums of the phases.
Status time_self_timed(const MeasureOptions& options, int phases,
                       const std::function<Status(int run, double* phase_ms)>& body,
                       std::vector<TimingStats>* per_phase, TimingStats* total);

// A body for time_gpu_phases calls mark() between its phases (phases - 1 times per run).
using PhaseMark = std::function<Status()>;

// Times GPU work made of `phases` consecutive parts (e.g. copy in, kernel, copy out) with
// CUDA events on the default stream: one event before the run, one at each mark(), one
// after. The body only enqueues work; the harness synchronises. Short runs are enqueued
// in batches behind a brief device-side wait, so the GPU runs them back to back and the
// events measure device time, not the host's launch rate. Synchronous calls in the body
// (pageable cudaMemcpy) still work: they are timed as the device saw them.
// `per_phase` receives one TimingStats per phase; `total`, when not null, the whole run.
// In a build without CUDA, or with no usable GPU, returns an error saying why.
Status time_gpu_phases(const MeasureOptions& options, int phases,
                       const std::function<Status(int run, const PhaseMark& mark)>& body,
                       std::vector<TimingStats>* per_phase, TimingStats* total);

// One-phase form of time_gpu_phases.
Status time_gpu(const MeasureOptions& options, const std::function<Status(int run)>& body,
                TimingStats* out);

// What time_gpu_queued measures.
struct QueuedTiming {
  TimingStats each;              // one run, CUDA events just before and after it
  double back_to_back_ms = 0.0;  // one run's share of `repeats` runs with no events between
};

// Times work enqueued on the caller's CUDA stream (`stream` is a cudaStream_t; null is
// the legacy default stream) that cannot be repeated freely as time_gpu_phases repeats
// its body: a training step, which moves the model on each time. `warmup` runs (0 or
// more), waited for; then `repeats` runs, each between two events, all enqueued behind a
// brief device-side wait before the harness waits, so the GPU runs them back to back and
// the events measure device time, not the host's launch rate; then `repeats` more
// between one pair of events, so that `back_to_back_ms` shows what the events between
// runs cost. body(run) only enqueues; `run` counts 0, 1, ... over all
// warmup + 2 * repeats runs. A failing body stops the measurement (after the stream has
// finished what was enqueued) and its Status is returned. In a build without CUDA, or
// with no usable GPU, returns an error saying why.
Status time_gpu_queued(void* stream, int warmup, int repeats,
                       const std::function<Status(int run)>& body, QueuedTiming* out);

// How many input sets to rotate among so that together they exceed the cache about
// three times over (so each run starts with its inputs out of cache), but never more
// than `max_sets` or more than `max_total_bytes` in all. At least 1.
int rotation_sets(std::size_t bytes_per_set, std::size_t cache_bytes,
                  std::size_t max_total_bytes, int max_sets = 16);

// The CPU's last-level cache in bytes as the OS reports it (32 MiB when it does not say).
std::size_t cpu_last_level_cache_bytes();

}  // namespace whygpu
