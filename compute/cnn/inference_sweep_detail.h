#pragma once
// What the CPU and GPU inference sweeps share (internal to inference_sweep*.cpp/.cu).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "compute/cnn/inference_sweep.h"
#include "compute/core/measure.h"

namespace whygpu::cnn::detail {

// The request of `batch` images: the data set's first images, repeated as needed.
inline std::vector<std::uint8_t> request_pixels(const Dataset& images, int batch) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(batch) * kImagePixels);
  for (int i = 0; i < batch; ++i)
    std::copy(images.image(i % images.count), images.image(i % images.count) + kImagePixels,
              out.begin() + static_cast<std::ptrdiff_t>(i) * kImagePixels);
  return out;
}

inline std::vector<int> sweep_batches(const InferenceSweepOptions& o) {
  std::vector<int> batches;
  for (int b = std::max(1, o.min_batch); b <= o.max_batch; b *= 2) batches.push_back(b);
  return batches;
}

// Times `request` (returning Status, writing its milliseconds) up to options.repeats
// times or until the budget is spent (at least once), after one untimed warm-up.
template <typename Request>
Status time_requests(const InferenceSweepOptions& o, int batch, bool on_gpu, Request&& request, InferencePoint* out) {
  double ms = 0;
  if (Status s = request(&ms); !s) return s;  // warm-up: first-touch allocations, caches
  std::vector<double> times;
  const auto start = std::chrono::steady_clock::now();
  while (static_cast<int>(times.size()) < o.repeats) {
    if (o.cancel && o.cancel->load()) return cancelled_status();
    if (Status s = request(&ms); !s) return s;
    times.push_back(ms);
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > o.budget_seconds) break;
  }
  const TimingStats stats = TimingStats::from_samples(std::move(times));
  out->batch = batch;
  out->on_gpu = on_gpu;
  out->median_ms = stats.median_ms;
  out->min_ms = stats.min_ms;
  out->repeats = stats.repeats;
  return Status::ok();
}

inline Status check_sweep(const std::vector<float>& params, const Dataset& images, const InferenceSweepOptions& o) {
  if (Status s = check_parameter_count(params, "inference weights"); !s) return s;
  if (images.count <= 0)
    return Status::error(Wording::sentence(N_("{0}: holds no images to answer"), {images.name}));
  if (o.min_batch < 1 || o.max_batch < o.min_batch || o.max_batch > kInferenceMaxBatch)
    return Status::error(
        Wording::sentence(N_("inference batches must lie in 1..{0}"), {std::to_string(kInferenceMaxBatch)}));
  return Status::ok();
}

}  // namespace whygpu::cnn::detail
