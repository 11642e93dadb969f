#pragma once
// What one training step of a CNN launches, read off a recorded timeline (profile/): each
// kernel with its grid, block and time, and the library it comes from, told by its name:
// our own kernels, cuDNN's convolutions, cuBLAS's matrix products (its xmma and CUTLASS
// kernels), and PyTorch's own element-wise, pooling and loss kernels. The lesson on what a
// framework does sets our step's list beside PyTorch's.
#include <cstdint>
#include <string>
#include <vector>

#include "compute/profile/timeline.h"

namespace whygpu::framework {

enum class KernelLibrary { Ours, Cudnn, Cublas, PyTorch, Other };
inline constexpr int kKernelLibraryCount = 5;

// Decided by the kernel's (demangled) name; see kernel_groups.cpp for the patterns.
KernelLibrary library_of(const std::string& kernel_name);
// "whygpu's own", "cuDNN", "cuBLAS", "PyTorch's own (ATen)", "other": English, marked N_() (the
// interface translates them)
const char* library_label(KernelLibrary library);

struct KernelRow {
  std::string name;        // kernel_display_name: "conv1_forward_kernel", "sm90_xmma_fprop_..."
  std::string full_name;   // as recorded
  KernelLibrary library = KernelLibrary::Other;
  int grid[3] = {0, 0, 0};
  int block[3] = {0, 0, 0};
  std::int64_t start_ns = 0;
  std::int64_t duration_ns = 0;
};

// Every kernel of the timeline in the order the GPU started them.
std::vector<KernelRow> kernel_rows(const profile::Timeline& timeline);

struct LibraryShare {
  KernelLibrary library = KernelLibrary::Other;
  int kernels = 0;
  std::int64_t total_ns = 0;
};
// One entry per library that has kernels, most time first.
std::vector<LibraryShare> library_shares(const std::vector<KernelRow>& rows);

// The CNN as a Keras program writes it, line by line (the layers our CNN and PyTorch's
// peer both build).
const std::vector<std::string>& keras_model_lines();

}  // namespace whygpu::framework
