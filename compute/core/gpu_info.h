#pragma once
// What the CUDA runtime says about the GPU, queried once. When there is no usable device
// (no driver, no GPU, or a build without CUDA) `available` is false and
// `unavailable_reason` says why in words a student can act on.
#include <cstddef>
#include <string>

#include "compute/core/status.h"
#include "compute/core/wording.h"

namespace whygpu {

struct GpuInfo {
  bool available = false;
  Wording unavailable_reason;  // a sentence the interface translates

  int device = 0;
  std::string name;
  int compute_major = 0;
  int compute_minor = 0;
  std::size_t total_memory_bytes = 0;
  int sm_count = 0;
  int driver_version = 0;   // e.g. 13000 for CUDA 13.0; 0 when no driver
  int runtime_version = 0;  // the cudart this binary was built with

  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_sm = 0;
  int max_blocks_per_sm = 0;
  int max_block_dim[3] = {0, 0, 0};
  int max_grid_dim[3] = {0, 0, 0};
  int registers_per_block = 0;
  int registers_per_sm = 0;
  std::size_t shared_memory_per_block = 0;
  std::size_t shared_memory_per_block_optin = 0;
  std::size_t shared_memory_per_sm = 0;
  int l2_cache_bytes = 0;
  int sm_clock_khz = 0;
  int memory_clock_khz = 0;
  int memory_bus_width_bits = 0;

  // Theoretical DRAM bandwidth from clock and bus width (double data rate), in GB/s.
  double peak_memory_bandwidth_gbs() const;
  // "9.0"
  std::string compute_capability() const;
};

// Queried on first call, then cached for the process.
const GpuInfo& gpu_info();

// False in a build made without the CUDA toolkit: no kernel of whygpu's can run, and
// none can be compiled, whatever the machine has.
bool built_with_cuda();

// Ok when gpu_info() found a usable device, else "no CUDA device: <unavailable_reason>":
// the one refusal of every GPU entry point and every absent GPU row.
Status require_gpu();

// Creates the CUDA context on gpu_info().device now. The first CUDA work of a process pays
// for it (0.1 to 0.2 s on an H100) and, while the driver builds it, OpenGL in the same
// process waits too: the app calls this at start-up, so that cost does not land on the
// first frame in which the user asks for GPU work. An error without a usable GPU.
Status create_gpu_context();

// 13000 -> "13.0"; 0 -> "none".
std::string cuda_version_string(int version);

}  // namespace whygpu
