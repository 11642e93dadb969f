#pragma once
// The loops both graph-replaying GPU trainers run around their steps (internal to
// GpuTrainer and MixedTrainer): training in chunks the metrics ring can hold, timing
// steps, and evaluating a data set in forward-pass chunks.
#include <cuda_runtime.h>

#include <cstdint>
#include <functional>

#include "compute/cnn/dataset.h"
#include "compute/cnn/evaluation.h"
#include "compute/cnn/gpu_trainer.h"
#include "compute/core/device_memory.cuh"
#include "compute/core/status.h"

namespace whygpu::cnn::gpu {

// Queues `steps` steps through launch(), in chunks of at most `ring` (the steps whose
// metrics the device keeps); after each chunk, waits for the stream and calls
// read(chunk) to collect them. Within a chunk it never lets more than about
// kQueuedSeconds of steps wait on the stream: the window's OpenGL context shares the GPU
// with this CUDA context, and a frame's drawing waits behind whatever the stream holds
// (a 20 ms queue cost a frame at 60 Hz), where between two short slices it goes first.
// On an H200 at 1920x1080 paced at 60 Hz (tests/device/frames_variants_run.sh): whole
// chunks p90 21 ms a frame; 2 ms slices 18.2-18.8 ms; 1 ms and 0.5 ms 16.7-16.8 ms, with
// training at 359-371k and 352-368k images/s against 368-385k for 2 ms.
inline constexpr double kQueuedSeconds = 0.001;
Status train_in_chunks(cudaStream_t stream, int steps, int ring, const std::function<Status()>& launch,
                       const std::function<Status(int chunk)>& read);

// time_gpu_queued (measure.h) over launch(): `warmup` steps, `repeats` timed one by one,
// `repeats` back to back, as StepTiming for a batch of `batch` images.
Status time_training_steps(cudaStream_t stream, int warmup, int repeats, int batch,
                           const std::function<Status()>& launch, StepTiming* out);

// The forward pass over every image of data in chunks of at most `chunk` images: copies
// the set into images and labels (device memory), then for each chunk calls
// forward(first, count, &probs), which enqueues the pass over images [first, first+count)
// and points probs at their softmax outputs (device, count x 10).
using ChunkForward = std::function<Status(int first, int count, const float** probs)>;
Status evaluate_in_chunks(cudaStream_t stream, const Dataset& data, int chunk, DeviceBuffer<std::uint8_t>* images,
                          DeviceBuffer<std::uint8_t>* labels, const ChunkForward& forward, Evaluation* out);

}  // namespace whygpu::cnn::gpu
