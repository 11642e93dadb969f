#include "compute/kernel_lab/compiler.h"

#include <chrono>
#include <memory>

#include "compute/core/nvrtc_library.h"

namespace whygpu::kernel_lab {

Status compile_kernel(const std::string& source, int major, int minor, CompiledKernel* out) {
  *out = CompiledKernel{};
  const NvrtcLibrary* nvrtc = nullptr;
  if (Status s = load_nvrtc(&nvrtc); !s) return s;
  const bool for_gpu = major > 0;
  // Without a GPU: PTX for the oldest architecture CUDA 13 compiles for, only to check.
  const std::string arch = for_gpu ? "sm_" + std::to_string(major * 10 + minor) : "compute_75";
  out->target = for_gpu ? arch : arch + " (checked only: no GPU here)";

  const auto destroy = [nvrtc](nvrtcProgram* p) {
    nvrtc->destroy_program(p);
    delete p;
  };
  auto program = std::unique_ptr<nvrtcProgram, decltype(destroy)>(new nvrtcProgram{}, destroy);
  if (Status s = nvrtc_status(nvrtc->create_program(program.get(), source.c_str(), kSourceName, 0, nullptr, nullptr),
                              "NVRTC could not take the source");
      !s)
    return s;
  const std::string arch_option = "--gpu-architecture=" + arch;
  const char* options[] = {arch_option.c_str(), "--std=c++17"};
  const auto start = std::chrono::steady_clock::now();
  const nvrtcResult compiled = nvrtc->compile_program(*program, 2, options);
  out->compile_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  std::size_t log_size = 0;
  if (Status s = nvrtc_status(nvrtc->get_program_log_size(*program, &log_size), "NVRTC log"); !s) return s;
  out->log.assign(log_size, '\0');
  if (Status s = nvrtc_status(nvrtc->get_program_log(*program, out->log.data()), "NVRTC log"); !s) return s;
  while (!out->log.empty() && (out->log.back() == '\0' || out->log.back() == '\n')) out->log.pop_back();
  out->diagnostics = parse_nvrtc_log(out->log);
  if (compiled == NVRTC_ERROR_COMPILATION) return Status::ok();  // the user's error: in the log
  if (Status s = nvrtc_status(compiled, "NVRTC"); !s) return s;

  std::size_t size = 0;
  if (for_gpu) {
    if (Status s = nvrtc_status(nvrtc->get_cubin_size(*program, &size), "NVRTC CUBIN"); !s) return s;
    out->code.resize(size);
    if (Status s = nvrtc_status(nvrtc->get_cubin(*program, out->code.data()), "NVRTC CUBIN"); !s) return s;
  } else {
    if (Status s = nvrtc_status(nvrtc->get_ptx_size(*program, &size), "NVRTC PTX"); !s) return s;
    out->code.resize(size);
    if (Status s = nvrtc_status(nvrtc->get_ptx(*program, out->code.data()), "NVRTC PTX"); !s) return s;
  }
  out->ok = true;
  return Status::ok();
}

}  // namespace whygpu::kernel_lab
