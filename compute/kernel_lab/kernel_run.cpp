#include "compute/kernel_lab/kernel_run.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "compute/core/device_memory.cuh"
#include "compute/kernels/random_fill.h"

namespace whygpu::kernel_lab {
namespace {

std::string cuda_words(cudaError_t e) {
  return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
}

struct LoadedLibrary {
  cudaLibrary_t library = nullptr;
  ~LoadedLibrary() {
    if (library) cudaLibraryUnload(library);
  }
};

bool close_enough(float expected, float got) {
  // The GPU may fuse a multiply and an add into one rounding where the CPU rounds twice.
  return std::fabs(expected - got) <= 1e-5f * std::max(1.0f, std::fabs(expected));
}

void fail(LabReport* report, RunState state, std::string message) {
  report->run = state;
  report->message = std::move(message);
}

}  // namespace

void run_kernel(const CompiledKernel& kernel, const Exercise& exercise, int n, int block, LabReport* report) {
  const int blocks = static_cast<int>((static_cast<long long>(n) + block - 1) / block);
  report->launch = std::string(kKernelName) + "<<<" + std::to_string(blocks) + ", " + std::to_string(block) + ">>>";

  LoadedLibrary loaded;
  if (cudaError_t e = cudaLibraryLoadData(&loaded.library, kernel.code.data(), nullptr, nullptr, 0, nullptr,
                                          nullptr, 0);
      e != cudaSuccess)
    return fail(report, RunState::Failed, "the GPU could not load the compiled code (" + cuda_words(e) + ")");
  cudaKernel_t function = nullptr;
  if (cudaLibraryGetKernel(&function, loaded.library, kKernelName) != cudaSuccess) {
    cudaGetLastError();
    return fail(report, RunState::NotRun,
                std::string("the source has no kernel named ") + kKernelName + ": keep the line extern \"C\" __global__ void " +
                    kKernelName + "(const float* a, const float* b, float* c, int n)");
  }

  // Inputs from a fresh seed each try, never zeros; the CPU's answer to check against.
  std::vector<float> a(static_cast<std::size_t>(n)), b(a.size()), expected(a.size());
  const std::uint64_t seed = kernels::fresh_seed();
  kernels::fill_uniform(a.data(), a.size(), seed);
  kernels::fill_uniform(b.data(), b.size(), seed + 1);
  exercise.reference(a.data(), b.data(), expected.data(), n);

  const std::size_t c_floats = static_cast<std::size_t>(n) + kGuardFloats;
  DeviceBuffer<float> da, db, dc;
  for (auto [buffer, count] : {std::pair{&da, a.size()}, std::pair{&db, b.size()}, std::pair{&dc, c_floats}})
    if (Status s = buffer->allocate(count); !s)
      return fail(report, RunState::Failed, "no room on the GPU for " + std::to_string(n) + " elements (" + s.message() + ")");
  if (cudaError_t e = cudaMemcpy(da.get(), a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice); e != cudaSuccess)
    return fail(report, RunState::Failed, "copying the input a to the GPU failed (" + cuda_words(e) + ")");
  if (cudaError_t e = cudaMemcpy(db.get(), b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice); e != cudaSuccess)
    return fail(report, RunState::Failed, "copying the input b to the GPU failed (" + cuda_words(e) + ")");
  // All NaN (every bit set): an output the kernel does not write shows as wrong.
  if (cudaError_t e = cudaMemset(dc.get(), 0xFF, c_floats * sizeof(float)); e != cudaSuccess)
    return fail(report, RunState::Failed, "filling the output c with NaN failed (" + cuda_words(e) + ")");
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess)
    return fail(report, RunState::Failed, "preparing the inputs failed (" + cuda_words(e) + ")");

  const float* a_arg = da.get();
  const float* b_arg = db.get();
  float* c_arg = dc.get();
  void* args[] = {&a_arg, &b_arg, &c_arg, &n};
  auto launch = [&]() {
    return cudaLaunchKernel(reinterpret_cast<const void*>(function), dim3(static_cast<unsigned>(blocks)),
                            dim3(static_cast<unsigned>(block)), args, 0, nullptr);
  };
  if (cudaError_t e = launch(); e != cudaSuccess) {
    cudaGetLastError();
    return fail(report, RunState::Refused, "the GPU refused " + report->launch + ": " + cuda_words(e));
  }
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess)
    return fail(report, RunState::Failed, "the kernel stopped with an error: " + cuda_words(e));

  std::vector<float> c(c_floats);
  if (cudaError_t e = cudaMemcpy(c.data(), dc.get(), c_floats * sizeof(float), cudaMemcpyDeviceToHost); e != cudaSuccess)
    return fail(report, RunState::Failed, "reading the result back failed (" + cuda_words(e) + ")");
  report->checked = n;
  for (int i = 0; i < n; ++i) {
    if (close_enough(expected[static_cast<std::size_t>(i)], c[static_cast<std::size_t>(i)])) continue;
    if (report->wrong++ == 0) {
      report->first_wrong = i;
      report->expected = expected[static_cast<std::size_t>(i)];
      report->got = c[static_cast<std::size_t>(i)];
    }
  }
  std::uint32_t poison = 0;
  std::memset(&poison, 0xFF, sizeof poison);
  for (std::size_t i = static_cast<std::size_t>(n); i < c_floats; ++i) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &c[i], sizeof bits);
    report->overrun += bits != poison;
  }
  report->run = RunState::Ran;

  MeasureOptions options;
  options.repeats = 20;
  options.budget_seconds = 2.0;
  const Status timed = time_gpu(
      options,
      [&](int) -> Status {
        const cudaError_t e = launch();
        return e == cudaSuccess ? Status::ok() : Status::error(cuda_words(e));
      },
      &report->time);
  if (!timed) report->message = "timing failed: " + timed.message();
  else if (report->time.median_ms > 0)
    report->gbytes_per_s = static_cast<double>(exercise.bytes_per_element) * n / (report->time.median_ms * 1e6);
}

}  // namespace whygpu::kernel_lab
