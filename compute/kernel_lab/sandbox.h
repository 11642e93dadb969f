#pragma once
// What the kernel-lab child process (`whygpu kernel-lab`) does to itself so that a kernel,
// code from a lesson file that teachers share like a document, cannot use the user's
// rights to run programs: resource limits from the start (the compiler it runs inherits
// them), and, once the compile is done and before any of the kernel's code runs (its
// static constructors run when it is loaded), a seccomp filter that refuses to start
// programs or reach other ones. Only the child calls these: limits and the filter stay
// with a process for good, so never in the app, nor in a test's own process.
#include <string>

#include "compute/core/status.h"
#include "compute/core/wording.h"

namespace whygpu::kernel_lab {

inline constexpr int kCpuSeconds = 30;              // of CPU time, compile included
inline constexpr long long kMaxFileMiB = 64;        // the largest file the try may write
inline constexpr long long kMaxAddressGiB = 16;     // the simulator's largest try (n = 2^28) needs about 7

// Limits on CPU time, file size and (on the CPU only, on_gpu false) address space, no
// core files, and death with the process that started this one.
Status limit_resources(bool on_gpu);

// Installs the filter for every thread of this process, for good. A refused call fails
// with EPERM, and refused_call() names it; threads can still be made.
Status forbid_new_processes();

// The first call the filter refused ("clone", "execve"); empty if none was.
std::string refused_call();

// What the user reads when the filter refused `call` (empty: the call is not known, the
// process died of the refusal).
Wording forbidden_call_message(const std::string& call);

}  // namespace whygpu::kernel_lab
