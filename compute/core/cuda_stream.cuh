#pragma once
// Owning CUDA streams and events for files built with CUDA, in the shape of
// device_memory.cuh: released on destruction, every creation checked, failures returned
// as Status with the runtime's message.
#include <cuda_runtime.h>

#include <utility>

#include "compute/core/cuda_check.h"

namespace whygpu {

class CudaStream {
 public:
  CudaStream() = default;
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  ~CudaStream() {
    if (stream_) cudaStreamDestroy(stream_);
  }

  // A stream that does not wait for the legacy default stream, so other threads' work
  // there (the display, the timing panels) does not serialise with this stream's.
  Status create() {
    if (stream_) return Status::ok();
    WHYGPU_CUDA_TRY(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    return Status::ok();
  }
  // The same, with the current device's highest priority: when both have blocks waiting,
  // the GPU starts this stream's first.
  Status create_urgent() {
    if (stream_) return Status::ok();
    int least = 0, greatest = 0;
    WHYGPU_CUDA_TRY(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    WHYGPU_CUDA_TRY(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, greatest));
    return Status::ok();
  }
  Status synchronize() const {
    WHYGPU_CUDA_TRY(cudaStreamSynchronize(stream_));
    return Status::ok();
  }
  cudaStream_t get() const { return stream_; }
  // Passes as the stream argument of runtime calls and launches, like the raw handle.
  operator cudaStream_t() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class CudaEvent {
 public:
  CudaEvent() = default;
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  CudaEvent(CudaEvent&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
  CudaEvent& operator=(CudaEvent&& other) noexcept {
    if (this != &other) {
      if (event_) cudaEventDestroy(event_);
      event_ = std::exchange(other.event_, nullptr);
    }
    return *this;
  }
  ~CudaEvent() {
    if (event_) cudaEventDestroy(event_);
  }

  Status create() {
    if (event_) return Status::ok();
    WHYGPU_CUDA_TRY(cudaEventCreate(&event_));
    return Status::ok();
  }
  // An event that only orders work, without a timestamp: cheaper to record and wait on.
  Status create_for_ordering() {
    if (event_) return Status::ok();
    WHYGPU_CUDA_TRY(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming));
    return Status::ok();
  }
  Status record(cudaStream_t stream) const {
    WHYGPU_CUDA_TRY(cudaEventRecord(event_, stream));
    return Status::ok();
  }
  // Recorded while `stream` is being captured into a graph, as a node of that graph: each
  // launch of the graph records the event where the node sits, so work outside the graph
  // can wait for part of it.
  Status record_in_graph(cudaStream_t stream) const {
    WHYGPU_CUDA_TRY(cudaEventRecordWithFlags(event_, stream, cudaEventRecordExternal));
    return Status::ok();
  }
  // Work queued on `stream` after this call waits until the event's last record is done.
  Status wait_in(cudaStream_t stream) const {
    WHYGPU_CUDA_TRY(cudaStreamWaitEvent(stream, event_, 0));
    return Status::ok();
  }
  Status synchronize() const {
    WHYGPU_CUDA_TRY(cudaEventSynchronize(event_));
    return Status::ok();
  }
  cudaEvent_t get() const { return event_; }

  // The GPU time from `from` to `to`, both recorded and complete.
  static Status elapsed_ms(const CudaEvent& from, const CudaEvent& to, float* ms) {
    WHYGPU_CUDA_TRY(cudaEventElapsedTime(ms, from.event_, to.event_));
    return Status::ok();
  }

 private:
  cudaEvent_t event_ = nullptr;
};

}  // namespace whygpu
