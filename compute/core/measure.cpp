#include "compute/core/measure.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "compute/core/measure_detail.h"

namespace whygpu {

double TimingStats::relative_spread() const {
  if (repeats < 2 || median_ms <= 0.0) return 0.0;
  return (p90_ms - p10_ms) / median_ms;
}

double percentile_of_sorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  q = std::clamp(q, 0.0, 1.0);
  const double rank = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(rank));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = rank - static_cast<double>(lo);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

double median_of(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return percentile_of_sorted(samples, 0.5);
}

std::size_t median_sample_index(const std::vector<double>& samples) {
  if (samples.empty()) return samples.size();
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  const double middle = sorted[(sorted.size() - 1) / 2];
  return static_cast<std::size_t>(std::find(samples.begin(), samples.end(), middle) - samples.begin());
}

TimingStats TimingStats::from_samples(std::vector<double> samples_ms) {
  TimingStats t;
  if (samples_ms.empty()) return t;
  std::sort(samples_ms.begin(), samples_ms.end());
  t.repeats = static_cast<int>(samples_ms.size());
  t.min_ms = samples_ms.front();
  t.max_ms = samples_ms.back();
  t.median_ms = percentile_of_sorted(samples_ms, 0.5);
  t.p10_ms = percentile_of_sorted(samples_ms, 0.1);
  t.p90_ms = percentile_of_sorted(samples_ms, 0.9);
  t.mean_ms = std::accumulate(samples_ms.begin(), samples_ms.end(), 0.0) /
              static_cast<double>(samples_ms.size());
  return t;
}

Status cancelled_status() { return Status::error(Wording::sentence(N_("cancelled"))); }

bool is_cancelled(const Status& status) {
  return !status && status.message() == "cancelled";
}

namespace measure_detail {

Status check_options(const MeasureOptions& options) {
  if (options.warmup < 0) return Status::error(Wording::sentence(N_("warm-up runs must be 0 or more")));
  if (options.repeats < 1) return Status::error(Wording::sentence(N_("repeats must be at least 1")));
  if (options.min_repeats < 1 || options.min_repeats > options.repeats)
    return Status::error(Wording::sentence(N_("min_repeats must be between 1 and repeats")));
  if (!(options.budget_seconds >= 0.0))
    return Status::error(Wording::sentence(N_("the time budget must be 0 (none) or positive")));
  return Status::ok();
}

int planned_repeats(const MeasureOptions& options, double estimate_ms) {
  if (options.budget_seconds <= 0.0 || estimate_ms <= 0.0) return options.repeats;
  const double fit = options.budget_seconds * 1e3 / estimate_ms;
  const int within = fit >= options.repeats ? options.repeats : static_cast<int>(fit);
  return std::max(options.min_repeats, within);
}

}  // namespace measure_detail

Status time_cpu(const MeasureOptions& options, const std::function<Status(int run)>& body,
                TimingStats* out) {
  using clock = std::chrono::steady_clock;
  std::vector<TimingStats> phases;
  const Status s = time_self_timed(
      options, 1,
      [&](int run, double* ms) {
        const auto t0 = clock::now();
        if (Status r = body(run); !r) return r;
        ms[0] = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
        return Status::ok();
      },
      &phases, nullptr);
  if (s) *out = phases[0];
  return s;
}

Status time_self_timed(const MeasureOptions& options, int phases,
                       const std::function<Status(int run, double* phase_ms)>& body,
                       std::vector<TimingStats>* per_phase, TimingStats* total) {
  using clock = std::chrono::steady_clock;
  if (Status s = measure_detail::check_options(options); !s) return s;
  if (phases < 1) return Status::error(Wording::sentence(N_("a measurement needs at least one phase")));
  std::vector<double> ms(static_cast<std::size_t>(phases));
  int run = 0;
  double estimate_ms = 0.0;
  const int warmups = std::max(1, options.warmup);
  for (int w = 0; w < warmups; ++w, ++run) {
    if (options.cancelled()) return cancelled_status();
    const auto t0 = clock::now();
    if (Status s = body(run, ms.data()); !s) return s;
    estimate_ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
    // One warm-up is enough for work that already blows the budget by itself.
    if (options.budget_seconds > 0.0 && estimate_ms > options.budget_seconds * 1e3) break;
  }
  const int timed = measure_detail::planned_repeats(options, estimate_ms);
  std::vector<std::vector<double>> samples(ms.size());
  std::vector<double> sums;
  for (int i = 0; i < timed; ++i, ++run) {
    if (options.cancelled()) return cancelled_status();
    if (Status s = body(run, ms.data()); !s) return s;
    double sum = 0.0;
    for (std::size_t p = 0; p < ms.size(); ++p) {
      samples[p].push_back(ms[p]);
      sum += ms[p];
    }
    sums.push_back(sum);
  }
  per_phase->clear();
  for (auto& s : samples) per_phase->push_back(TimingStats::from_samples(std::move(s)));
  if (total) *total = TimingStats::from_samples(std::move(sums));
  return Status::ok();
}

Status time_gpu(const MeasureOptions& options, const std::function<Status(int run)>& body,
                TimingStats* out) {
  std::vector<TimingStats> phases;
  Status s = time_gpu_phases(
      options, 1, [&](int run, const PhaseMark&) { return body(run); }, &phases, out);
  return s;
}

int rotation_sets(std::size_t bytes_per_set, std::size_t cache_bytes,
                  std::size_t max_total_bytes, int max_sets) {
  if (bytes_per_set == 0 || max_sets <= 1) return 1;
  const std::size_t wanted = 3 * cache_bytes / bytes_per_set + 1;
  const std::size_t by_memory = std::max<std::size_t>(1, max_total_bytes / bytes_per_set);
  return static_cast<int>(
      std::min({wanted, by_memory, static_cast<std::size_t>(max_sets)}));
}

std::size_t cpu_last_level_cache_bytes() {
  for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long bytes = sysconf(name);
    if (bytes > 0) return static_cast<std::size_t>(bytes);
  }
  return std::size_t{32} << 20;
}

}  // namespace whygpu
