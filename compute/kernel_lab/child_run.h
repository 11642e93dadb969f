#pragma once
// Runs one try of a user's kernel in a child process (`<executable> kernel-lab ...`), so
// that what a kernel can do to its process does not reach the app: a fault leaves the
// CUDA context unusable for good, and an endless loop never returns. The child is killed
// after a time limit or on cancel, and the report says so. Whatever the child started goes
// with it (its process group is killed when the try ends), and so does the try's folder,
// made here. The child limits itself, and forbids itself to start programs (sandbox.h).
#include <atomic>
#include <string>

#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

// `executable`: a whygpu binary ("/proc/self/exe" from the app itself).
LabReport run_in_child(const std::string& executable, const LabRequest& request, double timeout_seconds,
                       const std::atomic<bool>* cancel);

}  // namespace whygpu::kernel_lab
