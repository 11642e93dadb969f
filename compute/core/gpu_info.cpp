#include <cuda_runtime.h>

#include "compute/core/gpu_info.h"
#include "compute/core/cuda_check.h"

namespace whygpu {
namespace {

int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  if (cudaDeviceGetAttribute(&value, attr, device) != cudaSuccess) return 0;
  return value;
}

GpuInfo query() {
  GpuInfo info;
  cudaRuntimeGetVersion(&info.runtime_version);
  cudaDriverGetVersion(&info.driver_version);  // 0 when no driver is installed

  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    if (info.driver_version == 0)
      info.unavailable_reason = Wording::sentence(N_("no NVIDIA driver found"));
    else if (err != cudaSuccess)
      info.unavailable_reason =
          Wording::sentence(N_("the CUDA runtime could not start: {0}"), {cudaGetErrorString(err)});
    else
      info.unavailable_reason = Wording::sentence(N_("the NVIDIA driver reports no CUDA device"));
    cudaGetLastError();  // clear, so later checks do not take it for their own failure
    return info;
  }

  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, info.device) != cudaSuccess) {
    info.unavailable_reason = Wording::sentence(N_("cudaGetDeviceProperties failed: {0}"),
                                                {cudaGetErrorString(cudaGetLastError())});
    return info;
  }
  info.available = true;
  info.name = prop.name;
  info.compute_major = prop.major;
  info.compute_minor = prop.minor;
  info.total_memory_bytes = prop.totalGlobalMem;
  info.sm_count = prop.multiProcessorCount;
  info.warp_size = prop.warpSize;
  info.max_threads_per_block = prop.maxThreadsPerBlock;
  info.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  info.max_blocks_per_sm = prop.maxBlocksPerMultiProcessor;
  for (int d = 0; d < 3; ++d) {
    info.max_block_dim[d] = prop.maxThreadsDim[d];
    info.max_grid_dim[d] = prop.maxGridSize[d];
  }
  info.registers_per_block = prop.regsPerBlock;
  info.registers_per_sm = prop.regsPerMultiprocessor;
  info.shared_memory_per_block = prop.sharedMemPerBlock;
  info.shared_memory_per_block_optin = prop.sharedMemPerBlockOptin;
  info.shared_memory_per_sm = prop.sharedMemPerMultiprocessor;
  info.l2_cache_bytes = prop.l2CacheSize;
  info.memory_bus_width_bits = prop.memoryBusWidth;
  // CUDA 13 dropped the clock fields from cudaDeviceProp; the attributes remain.
  info.sm_clock_khz = attribute(cudaDevAttrClockRate, info.device);
  info.memory_clock_khz = attribute(cudaDevAttrMemoryClockRate, info.device);
  return info;
}

}  // namespace

const GpuInfo& gpu_info() {
  static const GpuInfo info = query();
  return info;
}

Status create_gpu_context() {
  if (!gpu_info().available) return Status::error(gpu_info().unavailable_reason);
  WHYGPU_CUDA_TRY(cudaSetDevice(gpu_info().device));
  WHYGPU_CUDA_TRY(cudaFree(nullptr));  // the runtime's documented way to create the context now
  return Status::ok();
}

bool built_with_cuda() { return true; }

}  // namespace whygpu
