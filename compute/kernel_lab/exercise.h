#pragma once
// The exercises of the kernel lab. Each one fixes what the user's kernel must compute, so
// that its output can be checked against a CPU reference, and gives the source the editor
// starts from. Every kernel has the same signature:
//   extern "C" __global__ void my_kernel(const float* a, const float* b, float* c, int n)
#include <string>
#include <string_view>
#include <vector>

namespace whygpu::kernel_lab {

inline constexpr const char* kKernelName = "my_kernel";

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
