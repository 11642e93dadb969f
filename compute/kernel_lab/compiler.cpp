#include "compute/kernel_lab/compiler.h"

#include <nvrtc.h>

#include <chrono>
#include <memory>

namespace whygpu::kernel_lab {
namespace {

Status nvrtc_status(nvrtcResult result, const char* what) {
  if (result == NVRTC_SUCCESS) return Status::ok();
  return Status::error(std::string(what) + ": " + nvrtcGetErrorString(result));
}

struct ProgramDeleter {
  void operator()(nvrtcProgram* p) const {
    nvrtcDestroyProgram(p);
    delete p;
  }
};

}  // namespace

Status compile_kernel(const std::string& source, int major, int minor, CompiledKernel* out) {
  *out = CompiledKernel{};
  const bool for_gpu = major > 0;
  // Without a GPU: PTX for the oldest architecture CUDA 13 compiles for, only to check.
  const std::string arch = for_gpu ? "sm_" + std::to_string(major * 10 + minor) : "compute_75";
  out->target = for_gpu ? arch : arch + " (checked only: no GPU here)";

  auto program = std::unique_ptr<nvrtcProgram, ProgramDeleter>(new nvrtcProgram{});
  if (Status s = nvrtc_status(nvrtcCreateProgram(program.get(), source.c_str(), kSourceName, 0, nullptr, nullptr),
                              "NVRTC could not take the source");
      !s)
    return s;
  const std::string arch_option = "--gpu-architecture=" + arch;
  const char* options[] = {arch_option.c_str(), "--std=c++17"};
  const auto start = std::chrono::steady_clock::now();
  const nvrtcResult compiled = nvrtcCompileProgram(*program, 2, options);
  out->compile_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  std::size_t log_size = 0;
  if (Status s = nvrtc_status(nvrtcGetProgramLogSize(*program, &log_size), "NVRTC log"); !s) return s;
  out->log.assign(log_size, '\0');
  if (Status s = nvrtc_status(nvrtcGetProgramLog(*program, out->log.data()), "NVRTC log"); !s) return s;
  while (!out->log.empty() && (out->log.back() == '\0' || out->log.back() == '\n')) out->log.pop_back();
  out->diagnostics = parse_nvrtc_log(out->log);
  if (compiled == NVRTC_ERROR_COMPILATION) return Status::ok();  // the user's error: in the log
  if (Status s = nvrtc_status(compiled, "NVRTC"); !s) return s;

  std::size_t size = 0;
  if (for_gpu) {
    if (Status s = nvrtc_status(nvrtcGetCUBINSize(*program, &size), "NVRTC CUBIN"); !s) return s;
    out->code.resize(size);
    if (Status s = nvrtc_status(nvrtcGetCUBIN(*program, out->code.data()), "NVRTC CUBIN"); !s) return s;
  } else {
    if (Status s = nvrtc_status(nvrtcGetPTXSize(*program, &size), "NVRTC PTX"); !s) return s;
    out->code.resize(size);
    if (Status s = nvrtc_status(nvrtcGetPTX(*program, out->code.data()), "NVRTC PTX"); !s) return s;
  }
  out->ok = true;
  return Status::ok();
}

}  // namespace whygpu::kernel_lab
