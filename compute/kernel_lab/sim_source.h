#pragma once
// The C++ that the CPU simulator compiles for a kernel: a prelude that gives CUDA's words a
// meaning on the CPU (threadIdx and the other indices read the simulator's state,
// __syncthreads() calls back into it, __shared__ arrays are one static copy that the
// blocks, run one at a time, use in turn), then the user's source unchanged, its line
// numbers kept by #line, then a small launcher that calls my_kernel with the exercise's
// parameters from an array of pointers.
#include <string>

#include "compute/kernel_lab/exercise.h"

namespace whygpu::kernel_lab {

// Names the compiler puts in its messages for the parts that are not the user's.
inline constexpr const char* kPreludeName = "whygpu-simulator.h";
inline constexpr const char* kLauncherName = "whygpu-launcher.h";

// Symbols of the compiled kernel that the simulator looks up.
inline constexpr const char* kSimStateSymbol = "whygpu_sim";             // WhygpuSim
inline constexpr const char* kRunThreadSymbol = "whygpu_run_thread";     // void(void* const* args)
inline constexpr const char* kSharedMemorySymbol = "whygpu_shared_memory";  // void(char** begin, char** end)

std::string simulator_source(const Exercise& exercise, const std::string& user_source);

}  // namespace whygpu::kernel_lab
