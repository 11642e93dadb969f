#pragma once
// Device-memory helpers of this module: the up-front check that turns "this will not
// fit" into a clear message before any allocation is tried, and float upload/download.
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "compute/core/cuda_check.h"
#include "compute/core/device_memory.cuh"
#include "compute/core/gpu_info.h"
#include "compute/kernels/host_array.h"

namespace whygpu::kernels {

// Error unless a GPU is usable and `bytes` (plus `reserve`) fit in its free memory.
inline Status check_fits_on_gpu(double bytes, std::size_t reserve, const std::string& what) {
  if (Status s = require_gpu(); !s) return s;
  const GpuInfo& info = gpu_info();
  std::size_t free_bytes = 0, total_bytes = 0;
  WHYGPU_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (bytes + static_cast<double>(reserve) > static_cast<double>(free_bytes))
    return Status::error(Wording::sentence(
        N_("{0} needs {1} of GPU memory; the {2} has {3} free of {4}"),
        {what, Wording::number(format_bytes(bytes)), info.name,
         Wording::number(format_bytes(static_cast<double>(free_bytes))),
         Wording::number(format_bytes(static_cast<double>(total_bytes)))}));
  return Status::ok();
}

// Copies n floats from the host into a new device buffer.
inline Status upload(const float* host, std::size_t n, DeviceBuffer<float>* device) {
  if (Status s = device->allocate(n); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemcpy(device->get(), host, n * sizeof(float), cudaMemcpyHostToDevice));
  return Status::ok();
}

inline Status download(const DeviceBuffer<float>& device, float* host, std::size_t n) {
  WHYGPU_CUDA_TRY(cudaMemcpy(host, device.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
  return Status::ok();
}

// Fills device memory with uniform_at(seed, i), like fill_uniform on the host.
Status fill_uniform_device(float* p, std::size_t n, std::uint64_t seed);

}  // namespace whygpu::kernels
