#pragma once
// The exercises of the kernel lab. Each one fixes what the user's kernel must compute, so
// that its output can be checked against a CPU reference, and gives the source the editor
// starts from. Every kernel has the same signature:
//   extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n)
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace whygpu::kernel_lab {

inline constexpr const char* kKernelName = "my_kernel";
// The longest line a starting source has: the app's editor shows that many columns whole
// at 1280x720 with text twice the normal size (the code drawn at 0.6 of its size).
inline constexpr std::size_t kMaxStarterColumns = 60;

struct Exercise {
  std::string key;       // "add"
  std::string title;     // what c must hold, in words
  std::string starter;   // the source the editor opens with
  // c[i] for every i < n, computed on the CPU.
  void (*reference)(const float* a, const float* b, float* c, int n);
  int bytes_per_element;  // memory traffic of one output, for GB/s (add: 4 + 4 + 4)
};

const std::vector<Exercise>& exercises();
const Exercise* find_exercise(std::string_view key);

}  // namespace whygpu::kernel_lab
