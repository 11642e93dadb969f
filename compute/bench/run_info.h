#pragma once
// Where and when a benchmark ran: written at the top of every table, JSON and CSV, and
// read back from recorded reference data, so a number never travels without its machine.
#include <string>

namespace whygpu::bench {

struct RunInfo {
  std::string date_utc;  // "2026-11-23T01:02:03Z"
  std::string command;   // as typed: "whygpu bench matmul --sizes 4096"
  std::string cpu_model;
  int cpu_threads = 0;       // threads the multi-threaded CPU variants used
  std::string cpu_kernel;    // instruction set of the blocked CPU kernel: "AVX-512"
  std::string openblas;      // OpenBLAS's build and the kernel it chose
  bool gpu_available = false;
  std::string gpu_name;      // or why there is no GPU
  std::string gpu_compute_capability;
  int gpu_sm_count = 0;
  double gpu_memory_gib = 0.0;
  std::string nvidia_driver;  // "580.159.04" (kernel module), empty when unknown
  std::string cuda_driver;    // CUDA version the driver supports: "13.0"
  std::string cuda_runtime;   // CUDA runtime built into whygpu: "13.0"

  // "NVIDIA H100 80GB HBM3, driver 580.159.04 (CUDA 13.0)" or the reason for no GPU.
  std::string gpu_summary() const;
  // "AMD EPYC 9454, 16 threads"
  std::string cpu_summary() const;
  // How a recording of this run is labelled wherever it is shown: "recorded on NVIDIA
  // H100 80GB HBM3 (driver 580.159.04) on 2026-11-23, not on this computer" (with a
  // capital R where it starts a sentence).
  std::string recorded_label(bool sentence_start = false) const;
};

// Describes this machine now; `cpu_threads` <= 0 means every hardware thread.
RunInfo describe_this_run(const std::string& command, int cpu_threads);

// The NVIDIA kernel module's version from /proc/driver/nvidia/version ("" if absent).
std::string nvidia_driver_version();
// The version in that file's first line ("" when there is none).
std::string driver_version_from_line(const std::string& line);

}  // namespace whygpu::bench
