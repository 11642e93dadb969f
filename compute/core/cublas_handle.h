#pragma once
// An owning cuBLAS handle for files built with CUDA, in the shape of device_memory.cuh:
// bound to one stream, with a workspace of its own, destroyed with its owner; every
// failure a Status naming the call. cuBLAS itself is opened at run time (cublas_library.h).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstddef>

#include "compute/core/cublas_library.h"
#include "compute/core/device_memory.cuh"

namespace whygpu {

class CublasHandle {
 public:
  CublasHandle() = default;
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;
  ~CublasHandle();

  // Loads cuBLAS if needed and creates a handle whose work goes to `stream`, in true FP32
  // (no TF32 unless a call asks for it). With `workspace_bytes` > 0 the handle gets a
  // workspace of that size, so that it allocates nothing while a CUDA graph is captured.
  Status create(cudaStream_t stream, std::size_t workspace_bytes);

  cublasHandle_t get() const { return handle_; }
  // The loaded library's functions, for calls this class does not wrap (after create).
  const CublasLibrary& library() const { return *cublas_; }

  // Row-major C = op(A)·op(B) + beta·C, C being m x n and the inner size k. cuBLAS is
  // column-major, so it computes C^T = op(B)^T·op(A)^T on the same memory. `what` names
  // the product in errors ("conv2 GEMM").
  Status row_major_sgemm(bool transpose_a, bool transpose_b, int m, int n, int k, const float* a, int lda,
                         const float* b, int ldb, float beta, float* c, int ldc, const char* what) const;

 private:
  const CublasLibrary* cublas_ = nullptr;
  cublasHandle_t handle_ = nullptr;
  DeviceBuffer<unsigned char> workspace_;
};

}  // namespace whygpu
