#pragma once
// One try of an exercise made concrete: its arrays (inputs filled with fresh random numbers,
// never zeros; outputs with the CPU's answer), the launch that covers it, and the check
// of what a kernel wrote. The GPU and the CPU simulator run the same Problem, so both
// check a kernel in exactly the same way.
#include <string>
#include <string_view>
#include <vector>

#include "compute/core/status.h"
#include "compute/grid/launch_config.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_report.h"

namespace whygpu::kernel_lab {

inline constexpr int kMaxElements = 1 << 28;

// One pointer parameter of my_kernel.
struct Array {
  std::string name;
  bool output = false;
  std::size_t size = 0;          // floats
  std::vector<float> input;      // an input: what the kernel reads
  std::vector<float> expected;   // an output: the CPU's answer
};

struct Problem {
  const Exercise* exercise = nullptr;
  long long elements = 0;      // n; a matrix: width * height
  long long width = 0, height = 0;  // a line of n is n x 1
  grid::Dim3 grid, block;
  std::vector<Array> arrays;   // the pointer parameters, in my_kernel's order

  const float* input(std::string_view name) const;
  float* expected(std::string_view name);
  // The value an int parameter gets.
  long long value(Extent extent) const;
  // "my_kernel<<<3907, 256>>>", or with dim3(...) for a 2D launch.
  std::string launch_text() const;
};

// my_kernel's arguments in order, as cudaLaunchKernel and the simulator take them: a
// pointer to each value. The arrays' pointers are the caller's (the GPU's or the
// simulator's copies), one per array of the problem, in order.
class KernelArguments {
 public:
  KernelArguments(const Problem& problem, const std::vector<float*>& array_pointers);
  KernelArguments(const KernelArguments&) = delete;  // holds pointers into itself
  KernelArguments& operator=(const KernelArguments&) = delete;
  void** data() { return args_.data(); }

 private:
  std::vector<float*> pointers_;
  std::vector<int> ints_;
  std::vector<void*> args_;
};

// The sizes the panel starts an exercise with: a million elements in blocks of 256, or
// a 1000 x 600 matrix in blocks of 32 x 8 threads.
inline constexpr int kStartingElements = 1000000;
inline constexpr int kStartingBlock = 256;
inline constexpr int kStartingWidth = 1000, kStartingHeight = 600;
inline constexpr int kStartingMatrixBlockX = 32, kStartingMatrixBlockY = 8;
LabRequest starting_request(const Exercise& exercise);

// Sizes and launch from the request, fresh inputs, and the CPU's answer; an error in
// words for sizes that make no problem (no launch is refused here: that is the GPU's
// job, or the simulator's, which refuses what the GPU would).
Status make_problem(const Exercise& exercise, const LabRequest& request, Problem* out);

// |expected - got| <= tolerance * max(1, |expected|).
bool within_tolerance(float expected, float got, float tolerance);

// Compares what the kernel wrote (one pointer per output array, in order) with the CPU's
// answer: fills report->output, checked, wrong, first_wrong, expected and got.
void check_outputs(const Problem& problem, const std::vector<const float*>& outputs, LabReport* report);

}  // namespace whygpu::kernel_lab
