#pragma once
// Owning wrappers for the CUDA objects the GPU trainer holds (internal to compute/cnn):
// device arrays, a stream, a cuBLAS handle with its own workspace (needed to capture
// cuBLAS calls into CUDA graphs), a graph. Each creation returns a Status.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "compute/cnn/gpu_network.cuh"
#include "compute/core/cuda_check.h"

namespace whygpu::cnn::gpu {

template <typename T>
class DeviceArray {
 public:
  DeviceArray() = default;
  ~DeviceArray() { reset(); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  // Keeps the memory when it is already large enough.
  Status reserve(std::size_t count, const char* what) {
    if (count <= capacity_ && ptr_) return Status::ok();
    reset();
    WHYGPU_CUDA_TRY_NAMED(cudaMalloc(&ptr_, std::max<std::size_t>(count, 1) * sizeof(T)),
                          (std::string("cudaMalloc for ") + what).c_str());
    capacity_ = count;
    return Status::ok();
  }
  void reset() {
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    capacity_ = 0;
  }
  T* get() const { return ptr_; }

 private:
  T* ptr_ = nullptr;
  std::size_t capacity_ = 0;
};

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
  DeviceArray<unsigned char> workspace_;
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
