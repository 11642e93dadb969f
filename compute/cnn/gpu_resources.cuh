#pragma once
// Owning wrappers for the CUDA objects the GPU trainer holds (internal to compute/cnn):
// a stream, a cuBLAS handle with its own workspace (needed to capture cuBLAS calls into
// CUDA graphs), a graph. Each creation returns a Status. Device arrays are core's
// DeviceBuffer (compute/core/device_memory.cuh).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "compute/cnn/gpu_network.cuh"
#include "compute/core/cuda_check.h"
#include "compute/core/device_memory.cuh"

namespace whygpu::cnn::gpu {

class Stream {
 public:
  ~Stream() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  Status create() {
    WHYGPU_CUDA_TRY(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    return Status::ok();
  }
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class Blas {
 public:
  ~Blas() {
    if (handle_) cublasDestroy(handle_);
  }
  // cuBLAS allocates no memory of its own during graph capture when given a workspace.
  Status create(cudaStream_t stream) {
    if (Status s = blas_status(cublasCreate(&handle_), "cublasCreate"); !s) return s;
    if (Status s = blas_status(cublasSetStream(handle_, stream), "cublasSetStream"); !s) return s;
    constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;
    if (Status s = workspace_.reserve(kWorkspaceBytes, "the cuBLAS workspace"); !s) return s;
    return blas_status(cublasSetWorkspace(handle_, workspace_.get(), kWorkspaceBytes), "cublasSetWorkspace");
  }
  cublasHandle_t get() const { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
  DeviceBuffer<unsigned char> workspace_;
};

class GraphExec {
 public:
  ~GraphExec() { reset(); }
  void reset() {
    if (exec_) cudaGraphExecDestroy(exec_);
    exec_ = nullptr;
  }
  // Captures what `enqueue` puts on `stream` (this thread's work only) and instantiates it.
  template <typename Enqueue>
  Status capture(cudaStream_t stream, Enqueue&& enqueue) {
    reset();
    WHYGPU_CUDA_TRY(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    const Status enqueued = std::forward<Enqueue>(enqueue)();
    cudaGraph_t graph = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &graph);
    if (!enqueued) {
      if (graph) cudaGraphDestroy(graph);
      return enqueued.with_context("capturing the training step");
    }
    WHYGPU_CUDA_TRY_NAMED(ended, "cudaStreamEndCapture of the training step");
    const cudaError_t instantiated = cudaGraphInstantiate(&exec_, graph, 0);
    cudaGraphDestroy(graph);
    WHYGPU_CUDA_TRY_NAMED(instantiated, "cudaGraphInstantiate of the training step");
    return Status::ok();
  }
  cudaGraphExec_t get() const { return exec_; }

 private:
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace whygpu::cnn::gpu
