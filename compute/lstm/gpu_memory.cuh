#pragma once
// Owning device and pinned-host arrays for the LSTM's .cu files.
#include <cuda_runtime.h>

#include <cstddef>

#include "compute/core/cuda_check.h"

namespace whygpu::lstm::gpu {

template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() {
    if (ptr_) cudaFree(ptr_);
  }

  Status allocate(std::size_t count) {
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
    WHYGPU_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&ptr_), (count ? count : 1) * sizeof(T)));
    count_ = count;
    return Status::ok();
  }

  T* get() const { return ptr_; }
  std::size_t count() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

 private:
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
};

// Page-locked host memory, optionally mapped so kernels write it directly (used for the
// generator's per-character results: no separate copy call).
template <class T>
class PinnedArray {
 public:
  PinnedArray() = default;
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  ~PinnedArray() {
    if (ptr_) cudaFreeHost(ptr_);
  }

  Status allocate(std::size_t count, bool mapped) {
    WHYGPU_CUDA_TRY(cudaHostAlloc(reinterpret_cast<void**>(&ptr_), (count ? count : 1) * sizeof(T),
                                  mapped ? cudaHostAllocMapped : cudaHostAllocDefault));
    count_ = count;
    if (mapped) WHYGPU_CUDA_TRY(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), ptr_, 0));
    return Status::ok();
  }

  T* get() const { return ptr_; }
  T* device() const { return device_; }  // the mapped view kernels write through
  std::size_t count() const { return count_; }

 private:
  T* ptr_ = nullptr;
  T* device_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace whygpu::lstm::gpu
