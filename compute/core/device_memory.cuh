#pragma once
// Owning device and pinned-host arrays for files built with CUDA: freed on destruction, every
// allocation checked, failures returned as Status with the runtime's message.
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "compute/core/cuda_check.h"

namespace whygpu {

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept : ptr_(other.ptr_), count_(other.count_) {
    other.ptr_ = nullptr;
    other.count_ = 0;
  }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);
  }

  // Replaces the contents with `count` uninitialised elements (a zero count still gets a
  // valid pointer, so kernels of empty problems need no special case).
  Status allocate(std::size_t count) {
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
    WHYGPU_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&ptr_), (count ? count : 1) * sizeof(T)));
    count_ = count;
    return Status::ok();
  }

  // Like allocate, but keeps the memory (and its contents) when it already holds `count`
  // elements; a failure names `what` ("cudaMalloc for the training images: ...").
  Status reserve(std::size_t count, const char* what) {
    if (ptr_ && count <= count_) return Status::ok();
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
    WHYGPU_CUDA_TRY_NAMED(cudaMalloc(reinterpret_cast<void**>(&ptr_), (count ? count : 1) * sizeof(T)),
                          (std::string("cudaMalloc for ") + what).c_str());
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

// Page-locked host memory: the GPU's copy engines read and write it directly, without
// the driver staging each copy through a pinned buffer of its own. `mapped` also gives
// kernels a device view to write results straight into host memory.
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }

  Status allocate(std::size_t count, bool mapped = false) {
    if (ptr_) cudaFreeHost(ptr_);
    ptr_ = device_ = nullptr;
    count_ = 0;
    WHYGPU_CUDA_TRY(cudaHostAlloc(reinterpret_cast<void**>(&ptr_), (count ? count : 1) * sizeof(T),
                                  mapped ? cudaHostAllocMapped : cudaHostAllocDefault));
    count_ = count;
    if (mapped) WHYGPU_CUDA_TRY(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), ptr_, 0));
    return Status::ok();
  }

  T* get() const { return ptr_; }
  T* device() const { return device_; }  // the mapped view (null unless mapped)
  std::size_t count() const { return count_; }

 private:
  T* ptr_ = nullptr;
  T* device_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace whygpu
