// GPU timings of the vector-add and copy benchmarks (see bench_gpu.h).
#include <cstring>
#include <vector>

#include "compute/kernels/bench_gpu.h"
#include "compute/kernels/device_buffers.cuh"
#include "compute/kernels/random_fill.h"
#include "compute/kernels/vector_launch.h"

namespace whygpu::kernels {
namespace {

struct VectorSet {
  DeviceBuffer<float> a, b, c;
};

}  // namespace

Status time_gpu_vector_add(std::size_t n, const BenchOptions& options, TimingStats* out) {
  const double set_bytes = 12.0 * static_cast<double>(n);
  const int sets = options.rotate_inputs
                       ? rotation_sets(static_cast<std::size_t>(set_bytes),
                                       static_cast<std::size_t>(gpu_info().l2_cache_bytes),
                                       std::size_t{1} << 30)
                       : 1;
  if (Status s = check_fits_on_gpu(sets * set_bytes, options.gpu_memory_reserve_bytes,
                                   "vector add of " + std::to_string(n) + " floats");
      !s)
    return s;
  std::vector<VectorSet> data(static_cast<std::size_t>(sets));
  const std::uint64_t seed = fresh_seed();
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (Status s = data[i].a.allocate(n); !s) return s;
    if (Status s = data[i].b.allocate(n); !s) return s;
    if (Status s = data[i].c.allocate(n); !s) return s;
    if (Status s = fill_uniform_device(data[i].a.get(), n, seed + 2 * i); !s) return s;
    if (Status s = fill_uniform_device(data[i].b.get(), n, seed + 2 * i + 1); !s) return s;
  }
  WHYGPU_CUDA_TRY(cudaDeviceSynchronize());
  return time_gpu(
      options.measure,
      [&](int run) {
        const VectorSet& set = data[static_cast<std::size_t>(run % sets)];
        return launch_vector_add(set.a.get(), set.b.get(), set.c.get(), n);
      },
      out);
}

Status time_gpu_vector_add_with_copies(std::size_t n, const BenchOptions& options,
                                       std::vector<TimingStats>* phases, TimingStats* total) {
  const std::size_t bytes = n * sizeof(float);
  if (Status s = check_fits_on_gpu(3.0 * static_cast<double>(bytes),
                                   options.gpu_memory_reserve_bytes,
                                   "vector add of " + std::to_string(n) + " floats");
      !s)
    return s;
  if (Status s = check_fits_in_host_memory(3.0 * static_cast<double>(bytes),
                                           "vector add of " + std::to_string(n) + " floats");
      !s)
    return s;
  PinnedBuffer<float> ha, hb, hc;
  if (Status s = ha.allocate(n); !s) return s;
  if (Status s = hb.allocate(n); !s) return s;
  if (Status s = hc.allocate(n); !s) return s;
  const std::uint64_t seed = fresh_seed();
  fill_uniform(ha.get(), n, seed);
  fill_uniform(hb.get(), n, seed + 1);
  VectorSet d;
  if (Status s = d.a.allocate(n); !s) return s;
  if (Status s = d.b.allocate(n); !s) return s;
  if (Status s = d.c.allocate(n); !s) return s;
  return time_gpu_phases(
      options.measure, 3,
      [&](int, const PhaseMark& mark) -> Status {
        WHYGPU_CUDA_TRY(cudaMemcpyAsync(d.a.get(), ha.get(), bytes, cudaMemcpyHostToDevice, 0));
        WHYGPU_CUDA_TRY(cudaMemcpyAsync(d.b.get(), hb.get(), bytes, cudaMemcpyHostToDevice, 0));
        if (Status s = mark(); !s) return s;
        if (Status s = launch_vector_add(d.a.get(), d.b.get(), d.c.get(), n); !s) return s;
        if (Status s = mark(); !s) return s;
        WHYGPU_CUDA_TRY(cudaMemcpyAsync(hc.get(), d.c.get(), bytes, cudaMemcpyDeviceToHost, 0));
        return Status::ok();
      },
      phases, total);
}

Status time_gpu_copy(CopyKind kind, std::size_t bytes, const BenchOptions& options,
                     TimingStats* out) {
  const bool d2d = kind == CopyKind::DeviceToDevice;
  if (Status s = check_fits_on_gpu((d2d ? 2.0 : 1.0) * static_cast<double>(bytes),
                                   options.gpu_memory_reserve_bytes,
                                   "a copy of " + format_bytes(static_cast<double>(bytes)));
      !s)
    return s;
  DeviceBuffer<unsigned char> device, device2;
  if (Status s = device.allocate(bytes); !s) return s;
  WHYGPU_CUDA_TRY(cudaMemset(device.get(), 0x5a, bytes));
  if (d2d) {
    if (Status s = device2.allocate(bytes); !s) return s;
    return time_gpu(
        options.measure,
        [&](int) -> Status {
          WHYGPU_CUDA_TRY(cudaMemcpyAsync(device2.get(), device.get(), bytes,
                                          cudaMemcpyDeviceToDevice, 0));
          return Status::ok();
        },
        out);
  }
  const bool pinned =
      kind == CopyKind::HostToDevicePinned || kind == CopyKind::DeviceToHostPinned;
  const bool to_device =
      kind == CopyKind::HostToDevicePageable || kind == CopyKind::HostToDevicePinned;
  if (Status s = check_fits_in_host_memory(static_cast<double>(bytes),
                                           "a copy of " + format_bytes(static_cast<double>(bytes)));
      !s)
    return s;
  HostArray<unsigned char> pageable;
  PinnedBuffer<unsigned char> locked;
  unsigned char* host = nullptr;
  if (pinned) {
    if (Status s = locked.allocate(bytes); !s) return s;
    host = locked.get();
  } else {
    if (Status s = pageable.allocate(bytes, "host buffer"); !s) return s;
    host = pageable.data();
  }
  std::memset(host, 0xa5, bytes);  // touch every page before timing
  return time_gpu(
      options.measure,
      [&](int) -> Status {
        // Pageable memory: the plain cudaMemcpy a first program writes (the driver stages
        // it through its own pinned buffer). Pinned: the copy engine reads it directly.
        if (to_device) {
          if (pinned)
            WHYGPU_CUDA_TRY(
                cudaMemcpyAsync(device.get(), host, bytes, cudaMemcpyHostToDevice, 0));
          else
            WHYGPU_CUDA_TRY(cudaMemcpy(device.get(), host, bytes, cudaMemcpyHostToDevice));
        } else {
          if (pinned)
            WHYGPU_CUDA_TRY(
                cudaMemcpyAsync(host, device.get(), bytes, cudaMemcpyDeviceToHost, 0));
          else
            WHYGPU_CUDA_TRY(cudaMemcpy(host, device.get(), bytes, cudaMemcpyDeviceToHost));
        }
        return Status::ok();
      },
      out);
}

}  // namespace whygpu::kernels
