#pragma once
// Compiles a kernel for the CPU simulator with the system's C++ compiler into a shared
// object (sim_source.h says what goes in it), and loads it into this process.
//
// Why the system's C++ compiler (g++, from Debian's build-essential, which building whygpu
// needs anyway; clang++ also works): a kernel is CUDA C++, and students write C++ in it,
// constexpr sizes for __shared__ arrays, references, overloads, templates, which a C++
// compiler takes as NVRTC does. The other candidate was libtcc (Debian's libtcc-dev): a
// C compiler in a library that compiles in memory in a millisecond, with no process to
// start. But it compiles C only: `const int B = 256; __shared__ float s[B];` is an error
// in C, and `extern "C"` would have to be cut out of the source, so kernels that run on
// a GPU would fail here for reasons that are not the student's. g++ takes about a tenth of
// a second per kernel (as long as NVRTC), and its optimised code simulates a million
// threads in milliseconds. A machine without a C++ compiler gets a message naming the
// package to install; WHYGPU_SIM_CXX picks another compiler.
#include <string>
#include <vector>

#include "compute/core/shared_library.h"
#include "compute/core/status.h"
#include "compute/kernel_lab/diagnostics.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/sim_abi.h"

namespace whygpu::kernel_lab {

// A compiled kernel, loaded.
struct SimKernel {
  SharedLibrary library;
  WhygpuSim* state = nullptr;
  void (*run_thread)(void* const* args) = nullptr;
  char* shared_begin = nullptr;  // the __shared__ variables (begin == end when none)
  char* shared_end = nullptr;
};

struct SimBuild {
  bool ok = false;           // compiled and loaded into `kernel`
  std::string compiler;      // "g++"
  std::string log;           // the compiler's messages
  std::vector<Diagnostic> diagnostics;  // those about the user's lines
  std::string problem;       // why it cannot run, when that is not about one of the user's lines
  double compile_ms = 0.0;
};

struct SimBuildOptions {
  std::string folder;             // for the source and the compiled kernel; empty: a temporary one of its own
  double compile_seconds = 60.0;  // the compiler is stopped after this, and the build fails
  // Runs after the compile, before the kernel is loaded (its static constructors are the
  // user's code too): the kernel-lab child locks itself down here (sandbox.h).
  Status (*before_load)() = nullptr;
};

// An error when no compiler can run here, or it ran out of time; a source that does not
// compile gives build->ok == false with the log (and diagnostics, or `problem`).
Status build_for_simulator(const Exercise& exercise, const std::string& source, SimBuild* build, SimKernel* kernel,
                           const SimBuildOptions& options = {});

}  // namespace whygpu::kernel_lab
