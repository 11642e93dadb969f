#include "compute/bench/run_info.h"

#include <cblas.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>

#include "compute/core/gpu_info.h"
#include "compute/kernels/cpu_gemm.h"
#include "compute/kernels/measurement.h"
#include "compute/kernels/thread_pool.h"

namespace whygpu::bench {

using namespace whygpu::kernels;  // the measurements this module reads and prints

std::string RunInfo::gpu_summary() const {
  if (!gpu_available) return "no GPU (" + gpu_name + ")";
  std::string s = gpu_name + ", driver ";
  s += nvidia_driver.empty() ? "?" : nvidia_driver;
  s += " (CUDA " + cuda_driver + "), runtime " + cuda_runtime;
  return s;
}

std::string RunInfo::recorded_label(bool sentence_start) const {
  std::string where = gpu_available ? gpu_name : "a computer without a GPU";
  if (!nvidia_driver.empty()) where += " (driver " + nvidia_driver + ")";
  const std::string day = date_utc.substr(0, 10);
  return (sentence_start ? "Recorded on " : "recorded on ") + where + (day.empty() ? "" : " on " + day) +
         ", not on this computer";
}

std::string RunInfo::cpu_summary() const {
  return cpu_model + ", " + std::to_string(cpu_threads) + " threads";
}

std::string driver_version_from_line(const std::string& line) {
  // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu ..." or
  // "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build ...":
  // the first word after "Module" made of digits and at least one dot.
  const auto module = line.find("Module");
  if (module == std::string::npos) return "";
  std::istringstream words(line.substr(module + 6));
  std::string word;
  while (words >> word) {
    const bool digits_and_dots = word.find_first_not_of("0123456789.") == std::string::npos;
    if (digits_and_dots && word.find('.') != std::string::npos && word.front() != '.')
      return word;
  }
  return "";
}

std::string nvidia_driver_version() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (!std::getline(in, line)) return "";
  return driver_version_from_line(line);
}

RunInfo describe_this_run(const std::string& command, int cpu_threads) {
  RunInfo r;
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  r.date_utc = date;
  r.command = command;
  r.cpu_model = cpu_model_name();
  r.cpu_threads = resolve_threads(cpu_threads);
  r.cpu_kernel = cpu_gemm::isa_name(cpu_gemm::best_isa());
  r.openblas = std::string(openblas_get_config()) + ", core " + openblas_get_corename();
  const GpuInfo& gpu = gpu_info();
  r.gpu_available = gpu.available;
  r.gpu_name = gpu.available ? gpu.name : gpu.unavailable_reason.english();
  if (gpu.available) {
    r.gpu_compute_capability = gpu.compute_capability();
    r.gpu_sm_count = gpu.sm_count;
    r.gpu_memory_gib = static_cast<double>(gpu.total_memory_bytes) / (1024.0 * 1024.0 * 1024.0);
  }
  r.nvidia_driver = nvidia_driver_version();
  r.cuda_driver = cuda_version_string(gpu.driver_version);
  r.cuda_runtime = cuda_version_string(gpu.runtime_version);
  return r;
}

}  // namespace whygpu::bench
