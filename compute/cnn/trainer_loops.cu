#include "compute/cnn/trainer_loops.cuh"

#include <algorithm>
#include <chrono>
#include <vector>

#include "compute/cnn/model.h"
#include "compute/core/cuda_check.h"
#include "compute/core/measure.h"

namespace whygpu::cnn::gpu {

Status train_in_chunks(cudaStream_t stream, int steps, int ring, const std::function<Status()>& launch,
                       const std::function<Status(int chunk)>& read) {
  // Steps a slice: one at first, then as many as kQueuedSeconds holds at the measured pace.
  int slice = 1;
  for (int done = 0; done < steps;) {
    const int chunk = std::min(steps - done, ring);
    for (int queued = 0; queued < chunk;) {
      const int count = std::min(slice, chunk - queued);
      const auto start = std::chrono::steady_clock::now();
      for (int s = 0; s < count; ++s)
        if (Status st = launch(); !st) return st;
      WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream));
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      slice = std::clamp(static_cast<int>(kQueuedSeconds * count / std::max(seconds, 1e-7)), 1, ring);
      queued += count;
    }
    if (Status s = read(chunk); !s) return s;
    done += chunk;
  }
  WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream));
  return Status::ok();
}

Status time_training_steps(cudaStream_t stream, int warmup, int repeats, int batch,
                           const std::function<Status()>& launch, StepTiming* out) {
  QueuedTiming timing;
  if (Status s = time_gpu_queued(stream, warmup, repeats, [&](int) { return launch(); }, &timing); !s)
    return s.with_context("time_steps");
  out->batch = batch;
  out->repeats = repeats;
  out->median_ms = timing.each.median_ms;
  out->min_ms = timing.each.min_ms;
  out->back_to_back_ms = timing.back_to_back_ms;
  return Status::ok();
}

Status evaluate_in_chunks(cudaStream_t stream, const Dataset& data, int chunk, DeviceBuffer<std::uint8_t>* images,
                          DeviceBuffer<std::uint8_t>* labels, const ChunkForward& forward, Evaluation* out) {
  if (data.count <= 0)
    return Status::error(Wording::sentence(N_("{0}: holds no images to evaluate"), {data.name}));
  if (data.pixels.size() != static_cast<std::size_t>(data.count) * kImagePixels)
    return Status::error(Wording::sentence(N_("{0}: pixel array does not match its count"), {data.name}));
  WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream));
  if (Status s = images->reserve(data.pixels.size(), "the evaluation images"); !s) return s;
  if (Status s = labels->reserve(data.count, "the evaluation labels"); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(images->get(), data.pixels.data(), data.pixels.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemcpy(labels->get(), data.labels.data(), data.count, cudaMemcpyHostToDevice));
  *out = Evaluation{};
  std::vector<float> probs(static_cast<std::size_t>(chunk) * kClasses);
  for (int first = 0; first < data.count; first += chunk) {
    const int n = std::min(chunk, data.count - first);
    const float* device_probs = nullptr;
    if (Status s = forward(first, n, &device_probs); !s) return s;
    WHYGPU_CUDA_TRY(cudaMemcpyAsync(probs.data(), device_probs, sizeof(float) * n * kClasses, cudaMemcpyDeviceToHost,
                                    stream));
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream));
    for (int i = 0; i < n; ++i) out->add(data.labels[first + i], probs.data() + i * kClasses);
  }
  out->finish();
  return Status::ok();
}

}  // namespace whygpu::cnn::gpu
