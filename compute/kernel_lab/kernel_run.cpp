#include "compute/kernel_lab/kernel_run.h"

#include <cuda_runtime.h>

#include <cstring>
#include <vector>

#include "compute/core/device_memory.cuh"

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

void fail(LabReport* report, RunState state, std::string message) {
  report->run = state;
  report->message = std::move(message);
}

}  // namespace

void run_kernel(const CompiledKernel& kernel, const Problem& problem, LabReport* report) {
  report->launch = problem.launch_text();

  LoadedLibrary loaded;
  if (cudaError_t e = cudaLibraryLoadData(&loaded.library, kernel.code.data(), nullptr, nullptr, 0, nullptr,
                                          nullptr, 0);
      e != cudaSuccess)
    return fail(report, RunState::Failed, "the GPU could not load the compiled code (" + cuda_words(e) + ")");
  cudaKernel_t function = nullptr;
  if (cudaLibraryGetKernel(&function, loaded.library, kKernelName) != cudaSuccess) {
    cudaGetLastError();
    return fail(report, RunState::NotRun,
                std::string("the source has no kernel named ") + kKernelName + ": keep the line " +
                    declaration(*problem.exercise));
  }

  // One device array per pointer parameter; each output with its guard, all NaN.
  std::vector<DeviceBuffer<float>> buffers(problem.arrays.size());
  for (std::size_t k = 0; k < buffers.size(); ++k) {
    const Array& array = problem.arrays[k];
    const std::size_t floats = array.size + (array.output ? kGuardFloats : 0);
    if (Status s = buffers[k].allocate(floats); !s)
      return fail(report, RunState::Failed, "no room on the GPU for " + array.name + " (" + s.message() + ")");
    const cudaError_t e =
        array.output ? cudaMemset(buffers[k].get(), 0xFF, floats * sizeof(float))  // unwritten outputs show
                     : cudaMemcpy(buffers[k].get(), array.input.data(), array.size * sizeof(float), cudaMemcpyHostToDevice);
    if (e != cudaSuccess)
      return fail(report, RunState::Failed, "preparing " + array.name + " on the GPU failed (" + cuda_words(e) + ")");
  }
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess)
    return fail(report, RunState::Failed, "preparing the inputs failed (" + cuda_words(e) + ")");

  std::vector<float*> pointers;
  for (const DeviceBuffer<float>& buffer : buffers) pointers.push_back(buffer.get());
  KernelArguments args(problem, pointers);
  const dim3 grid(static_cast<unsigned>(problem.grid.x), static_cast<unsigned>(problem.grid.y),
                  static_cast<unsigned>(problem.grid.z));
  const dim3 block(static_cast<unsigned>(problem.block.x), static_cast<unsigned>(problem.block.y),
                   static_cast<unsigned>(problem.block.z));
  auto launch = [&]() {
    return cudaLaunchKernel(reinterpret_cast<const void*>(function), grid, block, args.data(), 0, nullptr);
  };
  if (cudaError_t e = launch(); e != cudaSuccess) {
    cudaGetLastError();
    return fail(report, RunState::Refused, "the GPU refused " + report->launch + ": " + cuda_words(e));
  }
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess)
    return fail(report, RunState::Failed, "the kernel stopped with an error: " + cuda_words(e));

  std::vector<std::vector<float>> written;
  std::vector<const float*> outputs;
  std::uint32_t poison = 0;
  std::memset(&poison, 0xFF, sizeof poison);
  report->overrun = 0;
  for (std::size_t k = 0; k < buffers.size(); ++k) {
    const Array& array = problem.arrays[k];
    if (!array.output) continue;
    std::vector<float>& c = written.emplace_back(array.size + kGuardFloats);
    if (cudaError_t e = cudaMemcpy(c.data(), buffers[k].get(), c.size() * sizeof(float), cudaMemcpyDeviceToHost);
        e != cudaSuccess)
      return fail(report, RunState::Failed, "reading the result back failed (" + cuda_words(e) + ")");
    for (std::size_t i = array.size; i < c.size(); ++i) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, &c[i], sizeof bits);
      report->overrun += bits != poison;
    }
    outputs.push_back(c.data());
  }
  check_outputs(problem, outputs, report);
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
  if (!timed) report->message = Wording::sentence(N_("timing failed: {0}"), {timed.wording()});
  else if (report->time.median_ms > 0)
    report->gbytes_per_s =
        static_cast<double>(problem.exercise->bytes_per_element) * problem.elements / (report->time.median_ms * 1e6);
}

}  // namespace whygpu::kernel_lab
