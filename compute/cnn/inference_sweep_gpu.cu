// The GPU side of the inference sweep: each request is one CUDA graph (copy the images
// in, scale them, forward pass, copy the probabilities out), timed with CUDA events from
// before the copy in to after the copy out.
#include <algorithm>

#include "compute/cnn/gpu_network.cuh"
#include "compute/cnn/inference_sweep_detail.h"
#include "compute/core/cublas_handle.h"
#include "compute/core/cuda_graph.cuh"
#include "compute/core/cuda_stream.cuh"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"

namespace whygpu::cnn {

Status sweep_gpu_inference(const std::vector<float>& params, const Dataset& images, const InferenceSweepOptions& o,
                           std::vector<InferencePoint>* points) {
  if (Status s = require_gpu(); !s) return s;
  if (Status s = detail::check_sweep(params, images, o); !s) return s;
  const std::vector<int> batches = detail::sweep_batches(o);
  const int largest = batches.back();
  CudaStream stream;
  CublasHandle blas;
  if (Status s = stream.create(); !s) return s;
  if (Status s = blas.create(stream.get(), gpu::kCublasWorkspaceBytes); !s) return s;
  const gpu::Context ctx{stream.get(), &blas};
  DeviceBuffer<float> d_params;
  DeviceBuffer<std::uint8_t> d_images, d_labels;
  PinnedBuffer<std::uint8_t> h_images;
  PinnedBuffer<float> h_probs;
  gpu::Workspace ws;
  if (Status s = d_params.reserve(params.size(), "the inference weights"); !s) return s;
  if (Status s = d_images.reserve(static_cast<std::size_t>(largest) * kImagePixels, "the request images"); !s) return s;
  if (Status s = d_labels.reserve(largest, "the request labels"); !s) return s;
  if (Status s = h_images.allocate(static_cast<std::size_t>(largest) * kImagePixels); !s) return s;
  if (Status s = h_probs.allocate(static_cast<std::size_t>(largest) * kClasses); !s) return s;
  if (Status s = ws.reserve(largest, false); !s) return s.with_context("the inference workspace");
  WHYGPU_CUDA_TRY(cudaMemcpy(d_params.get(), params.data(), sizeof(float) * params.size(), cudaMemcpyHostToDevice));
  WHYGPU_CUDA_TRY(cudaMemset(d_labels.get(), 0, largest));
  CudaEvent before, after;
  if (Status s = before.create(); !s) return s;
  if (Status s = after.create(); !s) return s;
  for (int batch : batches) {
    const std::vector<std::uint8_t> pixels = detail::request_pixels(images, batch);
    std::copy(pixels.begin(), pixels.end(), h_images.get());
    CudaGraph graph;
    const Status captured = graph.capture(stream.get(), "an inference request", [&]() -> Status {
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(d_images.get(), h_images.get(), pixels.size(), cudaMemcpyHostToDevice,
                                      stream.get()));
      if (Status s = gpu::enqueue_load_batch(ctx, d_images.get(), d_labels.get(), nullptr, nullptr, 0, batch, ws); !s)
        return s;
      if (Status s = gpu::enqueue_forward(ctx, d_params.get(), ws, batch); !s) return s;
      WHYGPU_CUDA_TRY(cudaMemcpyAsync(h_probs.get(), ws.probs, sizeof(float) * batch * kClasses,
                                      cudaMemcpyDeviceToHost, stream.get()));
      return Status::ok();
    });
    if (!captured) return captured;
    const auto request = [&](double* ms) -> Status {
      if (Status s = before.record(stream.get()); !s) return s;
      if (Status s = graph.launch(stream.get()); !s) return s;
      if (Status s = after.record(stream.get()); !s) return s;
      if (Status s = after.synchronize(); !s) return s;
      float elapsed = 0;
      if (Status s = CudaEvent::elapsed_ms(before, after, &elapsed); !s) return s;
      *ms = elapsed;
      return Status::ok();
    };
    InferencePoint point;
    if (Status s = detail::time_requests(o, batch, true, request, &point); !s) return s;
    points->push_back(point);
    if (o.on_point) o.on_point(point);
  }
  return Status::ok();
}

}  // namespace whygpu::cnn
